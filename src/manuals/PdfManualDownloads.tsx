import React, {useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {MANUALS_META, decodeManualFiles, manualDownloadsHtml} from './downloadLinks';
import type {ManualKey} from './products';
import './PdfManualDownloads.css';

const subscribe = () => () => {};
/** The manuals' sizes, written into every built page by plugins/pdf-manuals (empty without them). */
const readMeta = () => (typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>(`meta[name="${MANUALS_META}"]`)?.content ?? ''));

/**
 * 「下载 PDF 手册」 for one product (its introduction page) or all of them (the home page). The
 * static HTML gets the links after the manuals are printed (plugins/pdf-manuals fills this
 * element), so React must not reconcile its children: the markup comes as one HTML string, the
 * same string the build wrote.
 */
export default function PdfManualDownloads({manuals, className}: {manuals: ManualKey[] | 'all'; className?: string}): ReactNode {
  const meta = useSyncExternalStore(subscribe, readMeta, readMeta);
  const baseUrl = useBaseUrl('/');
  return (
    <div
      className={clsx('xl-pdf-manuals', className)}
      data-pdf-manuals={manuals === 'all' ? 'all' : manuals.join(' ')}
      dangerouslySetInnerHTML={{__html: manualDownloadsHtml(manuals, decodeManualFiles(meta), baseUrl)}}
    />
  );
}
