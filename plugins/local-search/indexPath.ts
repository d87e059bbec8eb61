import {createHash} from 'node:crypto';

/**
 * The embedded search index's entry file name, one per build process and known before anything
 * is compiled: the client bundle reads it from global data. A new name per build lets the file be
 * cached forever without ever serving a stale index; the parts it points to are named by content.
 */
export const searchIndexPath = `search-index.${createHash('sha256')
  .update(`${Date.now()}-${process.pid}`)
  .digest('hex')
  .slice(0, 10)}.json`;

/**
 * The files of the index (relative to the build directory), once local-search has written them.
 * Plugins' postBuild steps run concurrently; offline reading waits here before it lists them.
 */
export const searchIndexWritten = (() => {
  const slots = new Map<string, {promise: Promise<string[]>; resolve: (paths: Promise<string[]>) => void}>();
  const slot = (outDir: string) => {
    let s = slots.get(outDir);
    if (!s) {
      let resolve!: (paths: Promise<string[]>) => void;
      const promise = new Promise<string[]>((r) => (resolve = r));
      slots.set(outDir, (s = {promise, resolve}));
    }
    return s;
  };
  return {
    resolve: (outDir: string, paths: Promise<string[]>): void => slot(outDir).resolve(paths),
    wait: (outDir: string): Promise<string[]> => slot(outDir).promise,
  };
})();
