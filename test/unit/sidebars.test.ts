import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import sidebars from '../../sidebars';
import {parseRoutes} from '../../scripts/lib/content-lint.mjs';

type Node = string | {type?: string; id?: string; items?: Node[]};

function docIds(items: Node[]): string[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (item.type === 'doc' && item.id) return [item.id];
    return item.items ? docIds(item.items) : [];
  });
}

const routes = parseRoutes(fs.readFileSync('e2e/fixtures/routes.tsv', 'utf8'));
// The specification's route list (a copy of ../shared/routes.tsv): every one of its 228 pages keeps
// its route and its sidebar; pages added since are listed in the fixture too.
const specRoutes = parseRoutes(fs.readFileSync('test/fixtures/spec-routes.tsv', 'utf8'));

test('the route fixture keeps every route of the specification, with its sidebar', () => {
  assert.equal(specRoutes.length, 228);
  const fixture = new Map(routes.map((r) => [r.id, r.sidebar]));
  for (const r of specRoutes) {
    assert.ok(fixture.has(r.id), `${r.id} is missing from e2e/fixtures/routes.tsv`);
    assert.equal(fixture.get(r.id), r.sidebar, `${r.id} must stay in sidebar ${r.sidebar ?? '-'}`);
  }
  assert.equal(new Set(routes.map((r) => r.id)).size, routes.length, 'no route listed twice');
});

for (const name of ['neptune', 'janus', 'lowcode', 'automation']) {
  test(`sidebar "${name}" holds exactly the pages routes.tsv assigns it`, () => {
    const actual = docIds(sidebars[name] as Node[]).sort();
    const expected = routes.filter((r) => r.sidebar === name).map((r) => r.id).sort();
    assert.deepEqual(actual, expected);
    assert.equal(new Set(actual).size, actual.length, 'no page listed twice');
  });
}

test('pages marked "-" are in no sidebar', () => {
  const all = new Set(Object.values(sidebars).flatMap((s) => docIds(s as Node[])));
  const orphans = routes.filter((r) => r.sidebar === null).map((r) => r.id);
  assert.ok(specRoutes.filter((r) => r.sidebar === null).every((r) => orphans.includes(r.id)), 'the specification\'s pages without a sidebar stay without one');
  for (const id of orphans) assert.ok(!all.has(id), `${id} must not be in a sidebar`);
});

test('each sidebar starts with its navbar landing page', () => {
  assert.equal((sidebars.neptune as Node[])[0], 'neptune/user/introduction');
  assert.equal((sidebars.janus as Node[])[0], 'janus/user/introduction');
  assert.equal((sidebars.lowcode as Node[])[0], 'lowcode/hmi');
  assert.equal((sidebars.automation as Node[])[0], 'automation/work-flow-intro');
});
