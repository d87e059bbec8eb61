/**
 * Replaces the core fallback `@theme/Loading` (route chunk loader), whose "Retry" button is
 * hard-coded English. Shown after the 200 ms loader delay, or with a retry button when a
 * chunk fails to load (for example when the intranet connection drops mid-navigation).
 */
import React, {type ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';
import styles from './Loading.module.css';

export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    return (
      <div className={styles.error} role="alert">
        <p>页面加载失败：{String(error)}</p>
        <p>请检查网络连接后重试。</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          重试
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.loader} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="sr-only">正在加载…</span>
      </div>
    );
  }
  return null;
}
