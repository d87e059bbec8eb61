import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withoutHtmlSuffix} from '../../src/routing/htmlSuffix';

test('.html and /index.html are dropped from a path (spec §2)', () => {
  assert.equal(withoutHtmlSuffix('/docs/lowcode/hmi.html'), '/docs/lowcode/hmi');
  assert.equal(withoutHtmlSuffix('/docs/lowcode/hmi/index.html'), '/docs/lowcode/hmi');
  assert.equal(withoutHtmlSuffix('/index.html'), '/');
  assert.equal(withoutHtmlSuffix('/docs/lowcode/hmi'), '/docs/lowcode/hmi');
  assert.equal(withoutHtmlSuffix('/'), '/');
  assert.equal(withoutHtmlSuffix('/.html'), '/.html');
});
