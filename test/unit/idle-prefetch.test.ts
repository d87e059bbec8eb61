/**
 * src/prefetch: viewport prefetches run in idle time, in short slices (idleQueue.ts), and each
 * chunk is prefetched once per page load (routePrefetch.ts).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createIdleQueue, type IdleScheduler} from '../../src/prefetch/idleQueue';
import {
  chunkNamesByRoutePath,
  createRoutePrefetch,
  matchRouteBranch,
  withPlainPathShortcut,
  type RouteConfigLike,
} from '../../src/prefetch/routePrefetch';

/** A scheduler whose idle callbacks run only when the test says so, on a clock the test moves. */
function fakeScheduler() {
  const pending: ((timeRemaining?: () => number) => void)[] = [];
  let clock = 0;
  const scheduler: IdleScheduler = {whenIdle: (cb) => void pending.push(cb), now: () => clock};
  return {
    scheduler,
    advance: (ms: number) => (clock += ms),
    /** Runs the idle callbacks queued so far, with an idle period of `idleMs` if given. */
    idle: (idleMs?: number) => {
      const end = clock + (idleMs ?? 0);
      return pending.splice(0).map((cb) => cb(idleMs === undefined ? undefined : () => end - clock)).length;
    },
    get pending() {
      return pending.length;
    },
  };
}

test('queued items run only when the browser is idle, never at push time', () => {
  const fake = fakeScheduler();
  const ran: string[] = [];
  const queue = createIdleQueue<string>((item) => ran.push(item), {scheduler: fake.scheduler});
  queue.push('/a');
  queue.push('/b');
  assert.deepEqual(ran, []);
  assert.equal(fake.pending, 1, 'one idle callback for the whole batch');
  fake.idle();
  assert.deepEqual(ran, ['/a', '/b']);
  assert.equal(queue.size, 0);
  assert.equal(fake.pending, 0, 'nothing left: no further callback');
});

test('each idle callback runs items for at most the slice budget, then yields', () => {
  const fake = fakeScheduler();
  const ran: number[] = [];
  const queue = createIdleQueue<number>(
    (item) => {
      ran.push(item);
      fake.advance(3); // every item costs 3 ms
    },
    {scheduler: fake.scheduler, sliceMs: 5},
  );
  for (let i = 1; i <= 5; i++) queue.push(i);
  fake.idle();
  assert.deepEqual(ran, [1, 2], '3 ms + 3 ms reaches the 5 ms budget');
  assert.equal(fake.pending, 1, 'the rest waits for the next idle period');
  fake.idle();
  assert.deepEqual(ran, [1, 2, 3, 4]);
  fake.idle();
  assert.deepEqual(ran, [1, 2, 3, 4, 5]);
  assert.equal(fake.pending, 0);
});

test('a short idle period ends the slice early', () => {
  const fake = fakeScheduler();
  const ran: number[] = [];
  const queue = createIdleQueue<number>(
    (item) => {
      ran.push(item);
      fake.advance(1);
    },
    {scheduler: fake.scheduler, sliceMs: 10},
  );
  for (let i = 1; i <= 6; i++) queue.push(i);
  fake.idle(2); // the browser expects 2 ms of idle time: two 1 ms items
  assert.deepEqual(ran, [1, 2]);
  fake.idle(0); // no idle time left at all: one item still runs
  assert.deepEqual(ran, [1, 2, 3]);
  fake.idle(50); // a long idle period: the 10 ms slice budget applies
  assert.deepEqual(ran, [1, 2, 3, 4, 5, 6]);
});

test('an item longer than the budget still runs alone, so the queue always advances', () => {
  const fake = fakeScheduler();
  const ran: string[] = [];
  const queue = createIdleQueue<string>(
    (item) => {
      ran.push(item);
      fake.advance(20);
    },
    {scheduler: fake.scheduler, sliceMs: 4},
  );
  queue.push('slow');
  queue.push('next');
  fake.idle();
  assert.deepEqual(ran, ['slow']);
  fake.idle();
  assert.deepEqual(ran, ['slow', 'next']);
});

test('an item already waiting is not queued twice; a failing item does not stop the others', (t) => {
  const errors: unknown[][] = [];
  t.mock.method(console, 'error', (...args: unknown[]) => void errors.push(args));
  const fake = fakeScheduler();
  const ran: string[] = [];
  const queue = createIdleQueue<string>(
    (item) => {
      if (item === 'bad') throw new Error('boom');
      ran.push(item);
    },
    {scheduler: fake.scheduler},
  );
  queue.push('/a');
  queue.push('bad');
  queue.push('/a');
  queue.push('/b');
  assert.equal(queue.size, 3);
  fake.idle();
  assert.deepEqual(ran, ['/a', '/b']);
  assert.equal(errors.length, 1);
  assert.equal(errors[0][0], '空闲任务执行失败：');
});

// A route tree shaped like Docusaurus' @generated/routes for the docs plugin.
const routes: RouteConfigLike[] = [
  {path: '/search', exact: true},
  {
    path: '/docs',
    routes: [
      {
        path: '/docs',
        routes: [
          {path: '/docs/guide/start', exact: true},
          {path: '/docs/api/list', exact: true},
          {path: '/docs/tags/:tag', exact: true},
        ],
      },
    ],
  },
  {path: '*'},
];

const routesChunkNames = {
  '/search-5de': {__comp: 'search', __context: {plugin: 'searchPlugin'}},
  '/docs-238': {__comp: 'docsRoot', __context: {plugin: 'docsPlugin'}},
  '/docs-a61': {__comp: 'docVersion', __props: 'versionMetadata'},
  '/docs/guide/start-9f1': {__comp: 'docItem', content: 'startContent'},
  '/docs/api/list-c02': {__comp: 'docItem', content: 'listContent'},
  '/docs/tags/:tag-77a': {__comp: 'tagPage', __props: 'tagProps'},
};

// react-router's matchPath for the cases these routes need (prefix, exact, one parameter).
function simpleMatchPath(pathname: string, route: RouteConfigLike): boolean {
  if (route.path === '*') return true;
  const pattern = `^${route.path!.replace(/:\w+/g, '[^/]+')}${route.exact ? '/?$' : '(/|$)'}`;
  return new RegExp(pattern, 'i').test(pathname);
}

test('matchRouteBranch returns the first match of each level, outermost first', () => {
  const branch = matchRouteBranch(routes, '/docs/api/list', simpleMatchPath).map((r) => r.path);
  assert.deepEqual(branch, ['/docs', '/docs', '/docs/api/list']);
  assert.deepEqual(
    matchRouteBranch(routes, '/docs/tags/modbus', simpleMatchPath).map((r) => r.path),
    ['/docs', '/docs', '/docs/tags/:tag'],
  );
  assert.deepEqual(matchRouteBranch(routes, '/nowhere', simpleMatchPath).map((r) => r.path), ['*']);
});

test('chunk names are grouped by route path, merging the hashed keys of one path', () => {
  const byPath = chunkNamesByRoutePath(routesChunkNames);
  assert.deepEqual(byPath.get('/docs'), ['docsRoot', 'docsPlugin', 'docVersion', 'versionMetadata']);
  assert.deepEqual(byPath.get('/docs/tags/:tag'), ['tagPage', 'tagProps']);
});

test('plain exact routes match by string, case-insensitively and with an optional trailing slash', () => {
  const calls: string[] = [];
  const match = withPlainPathShortcut((pathname, route) => {
    calls.push(route.path!);
    return simpleMatchPath(pathname, route);
  });
  assert.equal(match('/docs/api/list', {path: '/docs/api/list', exact: true}), true);
  assert.equal(match('/docs/API/list/', {path: '/docs/api/list', exact: true}), true);
  assert.equal(match('/docs/api/list/x', {path: '/docs/api/list', exact: true}), false);
  assert.deepEqual(calls, [], 'no pattern compiled for plain exact routes');
  // Parameters, prefixes (not exact) and strict routes still go to matchPath.
  assert.equal(match('/docs/tags/opc', {path: '/docs/tags/:tag', exact: true}), true);
  assert.equal(match('/docs/api/list', {path: '/docs'}), true);
  assert.deepEqual(calls, ['/docs/tags/:tag', '/docs']);
});

function prefetchRecorder(loadedUrls: string[] = []) {
  const fetched: string[] = [];
  const prefetch = createRoutePrefetch({
    routes,
    routesChunkNames,
    matchPath: simpleMatchPath,
    // A bundler merges "tagProps" into another chunk: webpack then gives a URL with "undefined".
    chunkUrl: (name) => (name === 'tagProps' ? '/assets/js/undefined.js' : `/assets/js/${name}.js`),
    prefetchUrl: (url) => void fetched.push(url),
    loadedUrls,
  });
  return {prefetch, fetched};
}

test('a route prefetch fetches every chunk of its branch, each once per page load', () => {
  const {prefetch, fetched} = prefetchRecorder();
  assert.equal(prefetch('/docs/guide/start'), true);
  assert.deepEqual(fetched, [
    '/assets/js/docsRoot.js',
    '/assets/js/docsPlugin.js',
    '/assets/js/docVersion.js',
    '/assets/js/versionMetadata.js',
    '/assets/js/docItem.js',
    '/assets/js/startContent.js',
  ]);
  // The next doc shares the layout, version and DocItem chunks: only its content is new.
  assert.equal(prefetch('/docs/api/list'), true);
  assert.deepEqual(fetched.slice(6), ['/assets/js/listContent.js']);
  // Same route again: nothing.
  assert.equal(prefetch('/docs/api/list'), false);
  assert.equal(fetched.length, 7);
});

test('chunks the page has already loaded and merged chunks are not prefetched', () => {
  const {prefetch, fetched} = prefetchRecorder([
    '/assets/js/docsRoot.js',
    '/assets/js/docsPlugin.js',
    '/assets/js/docVersion.js',
    '/assets/js/versionMetadata.js',
    '/assets/js/docItem.js',
  ]);
  prefetch('/docs/tags/opc-ua');
  assert.deepEqual(fetched, ['/assets/js/tagPage.js']);
  assert.equal(prefetch('/docs/api/list'), true);
  assert.deepEqual(fetched, ['/assets/js/tagPage.js', '/assets/js/listContent.js']);
  // A route whose chunks are all loaded starts nothing.
  const loadedAll = prefetchRecorder(['/assets/js/search.js', '/assets/js/searchPlugin.js']);
  assert.equal(loadedAll.prefetch('/search'), false);
  assert.deepEqual(loadedAll.fetched, []);
});
