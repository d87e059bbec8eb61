import {createHash} from 'node:crypto';

/**
 * The embedded search index's file name, one per build process and known before anything is
 * compiled: the client bundle reads it from global data, and the offline plugin precaches it while
 * the index itself is still being written (plugins' postBuild steps run concurrently). A new name
 * per build lets the file be cached forever without ever serving a stale index.
 */
export const searchIndexPath = `search-index.${createHash('sha256')
  .update(`${Date.now()}-${process.pid}`)
  .digest('hex')
  .slice(0, 10)}.json`;
