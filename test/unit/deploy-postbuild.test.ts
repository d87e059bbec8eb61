import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ALGOLIA_CONNECT_SOURCES,
  buildCsp,
  collectSiteHashes,
  cspHash,
  cssLiteralsInJs,
  gzipIfSmaller,
  hostedSearchFromEnv,
  inlineCode,
  inlineCodeParse5,
  isCspCheckedScriptType,
  main,
  precompress,
  renderCspInclude,
  scanInlineCode,
  writeCspInclude,
} from '../../scripts/postbuild-deploy';

/** The directives of a CSP value, by name. */
const directives = (csp: string): Map<string, string[]> =>
  new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

test('cspHash matches the example of the CSP specification', () => {
  // CSP Level 3, §8.3: <script>alert('Hello, world.');</script>
  assert.equal(cspHash("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  // UTF-8, not UTF-16: the theme script may contain Chinese text one day.
  const utf8 = crypto.createHash('sha256').update(Buffer.from('星联', 'utf8')).digest('base64');
  assert.equal(cspHash('星联'), `'sha256-${utf8}'`);
});

test('only script types that the browser runs (or checks against script-src) are hashed', () => {
  for (const type of [undefined, '', 'text/javascript', ' TEXT/JavaScript ', 'module', 'application/javascript', 'importmap', 'speculationrules']) {
    assert.equal(isCspCheckedScriptType(type), true, String(type));
  }
  for (const type of ['application/ld+json', 'application/json', 'text/template', 'text/plain']) {
    assert.equal(isCspCheckedScriptType(type), false, type);
  }
});

const fixtureHtml = [
  '<!doctype html><html lang=zh-Hans><head><meta charset=UTF-8>',
  '<script>!function(){document.documentElement.setAttribute("data-theme","light")}()</script>',
  '<script data-rh=true type=application/ld+json>{"@context":"https://schema.org","name":"页面"}</script>',
  '<script src=/assets/js/main.12345678.js defer></script>',
  '<script type=module>import "/assets/js/x.js";\r\nconsole.log(1 < 2)</script>',
  '</head><body><p style="color:red">文字</p>',
  '<svg><defs><style>.a{fill:#003dff}.b&gt;.c{fill:red}</style></defs></svg>',
  '<style>.page{margin:0}</style>',
  '</body></html>',
].join('');

test('inlineCode finds inline scripts and styles as the browser hashes them', () => {
  const code = inlineCode(fixtureHtml);
  assert.deepEqual(code.scripts, [
    '!function(){document.documentElement.setAttribute("data-theme","light")}()',
    // CR LF is normalized to LF by the HTML parser before the browser hashes the text.
    'import "/assets/js/x.js";\nconsole.log(1 < 2)',
  ]);
  // Inside <svg>, <style> is parsed as markup: the character reference is decoded.
  assert.deepEqual(code.styles, ['.a{fill:#003dff}.b>.c{fill:red}', '.page{margin:0}']);
  assert.deepEqual(code.handlers, []);
});

test('the fast scan agrees with a full HTML parse on what Docusaurus emits', () => {
  const html = [
    '<!doctype html><html><head><title>a &lt;script&gt; b</title>',
    '<meta name=x content="a > b"><script data-x="</p>">var a = "<\\/script>";\r\nvar b = 1;</script>',
    '<!-- <script>commented()</script> -->',
    '<SCRIPT TYPE="text/javascript">upper()</SCRIPT >',
    '<script type=application/ld+json>{"a":1}</script><script src=/x.js></script>',
    '<style>.x{color:red}</style></head><body><svg viewBox="0 0 1 1"><path d=M0/></svg>',
    '<svg/><p style="color:red" onmouseover=hover()>文字</p><textarea><script>no()</script></textarea></body></html>',
  ].join('');
  const fast = scanInlineCode(html);
  assert.ok(fast);
  assert.deepEqual(fast.scripts, ['var a = "<\\/script>";\nvar b = 1;', 'upper()']);
  assert.deepEqual(fast.styles, ['.x{color:red}']);
  assert.deepEqual(fast.handlers, ['onmouseover=hover()']);
  assert.deepEqual(fast, inlineCodeParse5(html));
  // Inline code inside <svg> is left to the full parse.
  assert.equal(scanInlineCode(fixtureHtml), null);
});

test('inlineCode reports inline event handlers, which hashes cannot allow', () => {
  const code = inlineCode('<html><body><button onclick="go()">去</button><img src=x.svg alt="" onerror=fix()></body></html>');
  assert.deepEqual(code.handlers, ['onclick=go()', 'onerror=fix()']);
});

test('cssLiteralsInJs finds the CSS that bundles inject as <style> and nothing else', () => {
  const js = [
    // medium-zoom's styleInject, as minified in main.js
    'a.appendChild(document.createTextNode(e))}}(".medium-zoom-overlay{position:fixed;top:0;opacity:0}.medium-zoom--opened .medium-zoom-overlay{cursor:pointer;opacity:1}");',
    // the Algolia logo rendered by React in the DocSearch modal
    '(0,r.jsx)("style",{children:".cls-1,.cls-2{fill:#003dff}.cls-2{fill-rule:evenodd}"})',
    // code samples and object literals that merely contain braces
    'const s="func main() {}",o={a:1},t=\'if (x) { y(); }\',u="{}",v="a{b}";',
    'n.d(t,{A:()=>r});var q="x",w={color:"red"},z="y";',
  ].join('\n');
  assert.deepEqual(cssLiteralsInJs(js), [
    '.medium-zoom-overlay{position:fixed;top:0;opacity:0}.medium-zoom--opened .medium-zoom-overlay{cursor:pointer;opacity:1}',
    '.cls-1,.cls-2{fill:#003dff}.cls-2{fill-rule:evenodd}',
  ]);
});

test('buildCsp for the embedded index: only the site itself, hashes instead of unsafe-inline for scripts', () => {
  const csp = buildCsp({scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-b'"], styleHashes: ["'sha256-s'"], hostedSearch: false});
  const d = directives(csp);
  assert.deepEqual(d.get('default-src'), ["'self'"]);
  assert.deepEqual(d.get('script-src'), ["'self'", "'sha256-a'", "'sha256-b'"]);
  assert.deepEqual(d.get('style-src-elem'), ["'self'", "'sha256-s'"]);
  assert.deepEqual(d.get('style-src-attr'), ["'unsafe-inline'"]);
  assert.deepEqual(d.get('connect-src'), ["'self'"]);
  assert.deepEqual(d.get('img-src'), ["'self'", 'data:']);
  assert.deepEqual(d.get('object-src'), ["'none'"]);
  assert.deepEqual(d.get('base-uri'), ["'self'"]);
  assert.deepEqual(d.get('frame-ancestors'), ["'none'"]);
  assert.ok(!csp.includes('unsafe-eval'));
  assert.ok(!/algolia/i.test(csp));
  // Every host-like source is the site itself: nothing but keywords, hashes and data:.
  for (const [, values] of d) {
    for (const v of values) assert.match(v, /^('self'|'none'|'unsafe-inline'|'sha256-[^']+'|data:)$/);
  }
});

test('buildCsp for a hosted index adds the Algolia hosts to connect-src only', () => {
  const local = directives(buildCsp({scriptHashes: [], styleHashes: [], hostedSearch: false}));
  const hosted = directives(buildCsp({scriptHashes: [], styleHashes: [], hostedSearch: true}));
  assert.deepEqual(hosted.get('connect-src'), ["'self'", ...ALGOLIA_CONNECT_SOURCES]);
  assert.deepEqual(ALGOLIA_CONNECT_SOURCES, ['https://*.algolia.net', 'https://*.algolianet.com']);
  for (const [name, values] of hosted) {
    if (name !== 'connect-src') assert.deepEqual(values, local.get(name), name);
  }
});

test('hosted search follows the same three variables as src/search/config.ts', () => {
  assert.equal(hostedSearchFromEnv({}), false);
  assert.equal(hostedSearchFromEnv({ALGOLIA_APP_ID: 'APP'}), false);
  assert.equal(hostedSearchFromEnv({ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'i'}), true);
});

test('renderCspInclude writes one add_header line that nginx sends with every status', () => {
  const text = renderCspInclude("default-src 'self'", {buildDir: 'build', hostedSearch: false, pages: 3});
  const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
  assert.deepEqual(lines, [`add_header Content-Security-Policy "default-src 'self'" always;`]);
  assert.throws(() => renderCspInclude('default-src "x"', {buildDir: 'build', hostedSearch: false, pages: 1}));
  assert.throws(() => renderCspInclude('default-src $host', {buildDir: 'build', hostedSearch: false, pages: 1}));
});

test('gzipIfSmaller: only files of 1 KB or more, only when gzip is smaller', () => {
  assert.equal(gzipIfSmaller(Buffer.from('a'.repeat(1023))), null);
  const text = Buffer.from('<p>星联文档中心</p>\n'.repeat(200));
  const gz = gzipIfSmaller(text);
  assert.ok(gz && gz.length < text.length);
  assert.deepEqual(zlib.gunzipSync(gz), text);
  // Random bytes do not compress.
  assert.equal(gzipIfSmaller(crypto.randomBytes(4096)), null);
});

/** A tiny built site. */
function fixtureSite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-postbuild-'));
  const big = (s: string) => s.repeat(Math.ceil(2048 / s.length));
  fs.mkdirSync(path.join(dir, 'docs/a'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'img'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'index.html'), fixtureHtml + `<!-- ${big('填充 ')} -->`);
  fs.writeFileSync(path.join(dir, 'docs/a/index.html'), '<html><head><script>var other=1</script></head><body>小</body></html>');
  fs.writeFileSync(path.join(dir, 'assets/js/main.abc.js'), big('var x=1;') + '(".zoom{opacity:0}")');
  fs.writeFileSync(path.join(dir, 'img/photo.png'), crypto.randomBytes(4096));
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), big('<url><loc>https://docs.example.com/</loc></url>'));
  return dir;
}

test('precompress writes .gz beside large text files only, and a second run changes nothing', () => {
  const dir = fixtureSite();
  try {
    const first = precompress(dir);
    const gzFiles = () => fs.readdirSync(dir, {recursive: true}).map(String).filter((f) => f.endsWith('.gz')).sort();
    assert.deepEqual(gzFiles(), ['assets/js/main.abc.js.gz', 'index.html.gz', 'sitemap.xml.gz']);
    assert.equal(first.written, 3);
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'index.html.gz'))), fs.readFileSync(path.join(dir, 'index.html')));
    // Same Last-Modified (whole seconds) for both variants.
    const seconds = (f: string) => Math.floor(fs.statSync(path.join(dir, f)).mtimeMs / 1000);
    assert.equal(seconds('index.html.gz'), seconds('index.html'));
    const second = precompress(dir);
    assert.equal(second.written, 0);
    assert.equal(second.unchanged, 3);
    assert.deepEqual(gzFiles(), ['assets/js/main.abc.js.gz', 'index.html.gz', 'sitemap.xml.gz']);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('collectSiteHashes covers every page and the CSS in bundles; writeCspInclude is idempotent', () => {
  const dir = fixtureSite();
  const out = path.join(dir, '..', `${path.basename(dir)}-csp.conf`);
  try {
    const hashes = collectSiteHashes(dir, false);
    assert.equal(hashes.pages, 2);
    assert.deepEqual(new Set(hashes.scriptHashes), new Set([
      cspHash('!function(){document.documentElement.setAttribute("data-theme","light")}()'),
      cspHash('import "/assets/js/x.js";\nconsole.log(1 < 2)'),
      cspHash('var other=1'),
    ]));
    assert.deepEqual(new Set(hashes.styleHashes), new Set([
      cspHash(''),
      cspHash('.a{fill:#003dff}.b>.c{fill:red}'),
      cspHash('.page{margin:0}'),
      cspHash('.zoom{opacity:0}'),
    ]));
    assert.equal(writeCspInclude(dir, out, false).written, true);
    const text = fs.readFileSync(out, 'utf8');
    for (const h of hashes.scriptHashes) assert.ok(text.includes(h));
    assert.equal(writeCspInclude(dir, out, false).written, false);
    assert.equal(writeCspInclude(dir, out, true).written, true);
    assert.match(fs.readFileSync(out, 'utf8'), /connect-src 'self' https:\/\/\*\.algolia\.net https:\/\/\*\.algolianet\.com;/);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
    fs.rmSync(out, {force: true});
  }
});

test('main refuses a directory without a build and a build with inline event handlers', () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (msg: string) => errors.push(msg);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-postbuild-'));
  const out = path.join(dir, 'csp.conf');
  try {
    assert.equal(main([dir, '--csp-out', out]), 1);
    assert.match(errors.join('\n'), /not a built site/);
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><body onload="init()"></body></html>');
    assert.equal(main([dir, '--csp-out', out]), 1);
    assert.match(errors.join('\n'), /index\.html: onload=init\(\)/);
  } finally {
    console.error = original;
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
