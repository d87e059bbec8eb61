/**
 * Search quality on the built site (npm test builds before the unit tests): both evaluation sets
 * of scripts/search-eval.ts keep their recall@5 and MRR floors, answered from the split index the
 * way the browser answers (every part the queries need loaded).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {EVAL_SETS, evaluate, newestIndexFile} from '../../scripts/search-eval';

const indexFile = newestIndexFile();

for (const set of EVAL_SETS) {
  test(`${set.name}：recall@5 ≥ ${set.targets.recallAt5}，MRR ≥ ${set.targets.mrr}`, {skip: !indexFile && 'no build/'}, () => {
    const result = evaluate(indexFile!, set.file, {rounds: 1});
    const misses = result.misses.map((m) => `「${m.query}」→ ${m.top.slice(0, 3).join(' ')}`).join('\n');
    assert.ok(result.recallAt5 >= set.targets.recallAt5, `recall@5 ${result.recallAt5.toFixed(3)}; misses:\n${misses}`);
    assert.ok(result.mrr >= set.targets.mrr, `MRR ${result.mrr.toFixed(3)}`);
  });
}
