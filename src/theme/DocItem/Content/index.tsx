import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PdfManualDownloads from '../../../manuals/PdfManualDownloads';
import {manualIntroducedBy} from '../../../manuals/products';

type Props = WrapperProps<typeof ContentType>;

/** A product's introduction page ends with the link to its PDF manual. */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const manual = manualIntroducedBy(metadata.id);
  return (
    <>
      <Content {...props} />
      {manual && <PdfManualDownloads manuals={[manual.key]} className="xl-pdf-manuals--doc" />}
    </>
  );
}
