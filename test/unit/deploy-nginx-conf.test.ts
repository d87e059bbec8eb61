import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {decodeXmlText, localServerConf, mainConf} from '../../e2e/nginx-helpers';

/**
 * Static checks of deploy/nginx/: the add_header inheritance pitfall (a location with an add_header
 * of its own loses the server's security headers), cache policies per location, and the rewriting
 * of listen/root that e2e/nginx.spec.ts relies on. The real nginx runs in e2e/nginx.spec.ts.
 */

const deployDir = path.join(__dirname, '../../deploy/nginx');
const read = (f: string) => fs.readFileSync(path.join(deployDir, f), 'utf8');

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** A small parser for nginx configuration: directives, blocks, quoted strings, comments. */
function parseNginx(text: string): Directive[] {
  const tokens: string[] = [];
  const re = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const m of text.matchAll(re)) {
    if (m[0].startsWith('#')) continue;
    tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  let i = 0;
  const parseBlock = (): Directive[] => {
    const out: Directive[] = [];
    while (i < tokens.length && tokens[i] !== '}') {
      const words: string[] = [];
      while (i < tokens.length && tokens[i] !== ';' && tokens[i] !== '{' && tokens[i] !== '}') words.push(tokens[i++]);
      if (tokens[i] === '{') {
        i++;
        const block = parseBlock();
        if (tokens[i++] !== '}') throw new Error('unbalanced braces');
        out.push({name: words[0], args: words.slice(1), block});
      } else if (tokens[i] === ';') {
        i++;
        out.push({name: words[0], args: words.slice(1)});
      } else {
        throw new Error(`directive without ; : ${words.join(' ')}`);
      }
    }
    return out;
  };
  const result = parseBlock();
  if (i !== tokens.length) throw new Error('unbalanced braces');
  return result;
}

const HEADER_INCLUDES = new Set(['xinglian-docs/headers-revalidate.conf', 'xinglian-docs/headers-immutable.conf']);
const setsHeaders = (d: Directive) => d.name === 'add_header' || (d.name === 'include' && /headers/.test(d.args[0]));

/**
 * Blocks (location, if) that would lose the security headers: they set a header of their own but do
 * not include one of the headers-*.conf files. Returns their descriptions.
 */
function headerLeaks(server: Directive): string[] {
  const leaks: string[] = [];
  const visit = (d: Directive) => {
    for (const child of d.block ?? []) {
      if (!child.block) continue;
      const own = child.block.filter((x) => !x.block);
      if (own.some(setsHeaders) && !own.some((x) => x.name === 'include' && HEADER_INCLUDES.has(x.args[0]))) {
        leaks.push(`${child.name} ${child.args.join(' ')}`);
      }
      visit(child);
    }
  };
  visit(server);
  return leaks;
}

const server = (): Directive => {
  const top = parseNginx(read('xinglian-docs.conf'));
  assert.equal(top.length, 1);
  assert.equal(top[0].name, 'server');
  return top[0];
};
const locations = (s: Directive) => (s.block ?? []).filter((d) => d.name === 'location');
const locationOf = (s: Directive, ...args: string[]) => {
  const found = locations(s).find((l) => l.args.join(' ') === args.join(' '));
  assert.ok(found, `location ${args.join(' ')}`);
  return found;
};

test('the parser reads blocks, quoted strings and comments', () => {
  const parsed = parseNginx('server { # c\n listen 80; location / { add_header X "a; b" always; } }');
  assert.deepEqual(parsed, [{name: 'server', args: [], block: [
    {name: 'listen', args: ['80']},
    {name: 'location', args: ['/'], block: [{name: 'add_header', args: ['X', 'a; b', 'always']}]},
  ]}]);
  assert.throws(() => parseNginx('server { listen 80; '));
});

test('headerLeaks finds a location whose own add_header drops the security headers', () => {
  const [bad] = parseNginx(`server {
    include xinglian-docs/headers-revalidate.conf;
    location /ok { try_files $uri =404; }
    location /assets/ { include xinglian-docs/headers-immutable.conf; }
    location /leak { add_header Cache-Control "no-store"; }
    location /nested { if ($x) { add_header X-A b; } }
  }`);
  assert.deepEqual(headerLeaks(bad), ['location /leak', 'if ($x)']);
});

test('every location of the real configuration keeps the security headers', () => {
  const s = server();
  assert.deepEqual(headerLeaks(s), []);
  const own = (s.block ?? []).filter((d) => !d.block);
  assert.ok(own.some((d) => d.name === 'include' && d.args[0] === 'xinglian-docs/headers-revalidate.conf'));
  // Headers at server level come only from the include (an add_header here would be easy to lose).
  assert.ok(!own.some((d) => d.name === 'add_header'));
});

test('hashed assets are immutable and nothing else is', () => {
  const s = server();
  const immutable = locations(s)
    .filter((l) => l.block!.some((d) => d.name === 'include' && d.args[0] === 'xinglian-docs/headers-immutable.conf'))
    .map((l) => l.args.join(' '));
  assert.deepEqual(immutable, [
    '^~ /assets/',
    '~ ^/search-index\\.[0-9a-f]+\\.json$',
    // The search index's parts, in a directory named after their content.
    '~ ^/search/[0-9a-f]+/[a-z0-9]+\\.json$',
  ]);
  assert.match(read('headers-immutable.conf'), /add_header Cache-Control "public, max-age=31536000, immutable" always;/);
  assert.match(read('headers-revalidate.conf'), /add_header Cache-Control "no-cache" always;/);
});

test('both cache includes bring the security headers, all sent with every status', () => {
  for (const f of ['headers-immutable.conf', 'headers-revalidate.conf']) {
    assert.ok(parseNginx(read(f)).some((d) => d.name === 'include' && d.args[0] === 'xinglian-docs/security-headers.conf'), f);
  }
  const security = parseNginx(read('security-headers.conf'));
  assert.ok(security.some((d) => d.name === 'include' && d.args[0] === 'xinglian-docs/generated/csp.conf'));
  const names = security.filter((d) => d.name === 'add_header').map((d) => d.args[0]);
  assert.deepEqual(names, ['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy']);
  for (const f of ['headers-immutable.conf', 'headers-revalidate.conf', 'security-headers.conf']) {
    for (const d of parseNginx(read(f)).filter((x) => x.name === 'add_header')) {
      assert.equal(d.args.at(-1), 'always', `${f}: ${d.args[0]}`);
    }
  }
  const value = (name: string) => security.find((d) => d.args[0] === name)!.args[1];
  assert.equal(value('X-Content-Type-Options'), 'nosniff');
  assert.equal(value('X-Frame-Options'), 'DENY');
  assert.equal(value('Referrer-Policy'), 'strict-origin-when-cross-origin');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    assert.match(value('Permissions-Policy'), new RegExp(`(^|, )${feature}=\\(\\)`), feature);
  }
});

test('404 page, precompression and canonical redirects are configured', () => {
  const s = server();
  const directive = (name: string) => (s.block ?? []).find((d) => d.name === name)?.args;
  assert.deepEqual(directive('error_page'), ['404', '/404.html']);
  assert.deepEqual(directive('gzip_static'), ['on']);
  assert.deepEqual(directive('absolute_redirect'), ['off']);
  assert.deepEqual(locationOf(s, '=', '/docs').block, [{name: 'return', args: ['301', '/docs/neptune/user/introduction$is_args$args']}]);
  // The .html, /index.html and trailing-slash rules only redirect to a page that exists.
  for (const re of ['~ ^(?<canonical>/.+)/index\\.html$', '~ ^(?<canonical>/.+)\\.html$', '~ ^(?<canonical>/.+)/$']) {
    const [cond] = locationOf(s, ...re.split(' ')).block!.filter((d) => d.name === 'if');
    assert.deepEqual(cond.args, ['(-f', '$document_root$canonical/index.html)']);
    assert.deepEqual(cond.block, [{name: 'return', args: ['301', '$canonical$is_args$args']}]);
  }
  assert.deepEqual(locationOf(s, '/').block, [{name: 'try_files', args: ['$uri', '$uri/index.html', '=404']}]);
});

test('Markdown copies are text/markdown in UTF-8; PDF manuals and llms.txt keep mime.types and are revalidated', () => {
  const s = server();
  const md = locationOf(s, '~', '\\.md$').block!;
  assert.deepEqual(md.find((d) => d.name === 'default_type')?.args, ['text/markdown']);
  assert.deepEqual(md.find((d) => d.name === 'charset_types')?.args, ['text/markdown']);
  assert.deepEqual(md.find((d) => d.name === 'types'), {name: 'types', args: [], block: []});
  assert.deepEqual((s.block ?? []).find((d) => d.name === 'charset')?.args, ['utf-8']);
  // No location of its own for /pdf/ or /llms*.txt: they fall to `location /` and the server's revalidation.
  assert.ok(!locations(s).some((l) => /pdf|llms/.test(l.args.join(' '))));
});

test('localServerConf points the server at a loopback port and another root', () => {
  const conf = read('xinglian-docs.conf');
  const local = localServerConf(conf, {port: 4321, root: '/tmp/site'});
  const s = parseNginx(local)[0];
  assert.deepEqual(s.block!.filter((d) => d.name === 'listen').map((d) => d.args), [['127.0.0.1:4321']]);
  assert.deepEqual(s.block!.filter((d) => d.name === 'root').map((d) => d.args), [['/tmp/site']]);
  assert.throws(() => localServerConf(conf.replace(/^\s*root .*$/m, ''), {port: 1, root: '/x'}), /one root line/);
  assert.throws(() => localServerConf(conf, {port: 1, root: '/x y'}), /not usable/);
  const main = mainConf('/tmp/prefix');
  assert.match(main, /^daemon off;$/m);
  assert.match(main, /^pid \/tmp\/prefix\/nginx\.pid;$/m);
  assert.match(main, /include xinglian-docs\/xinglian-docs\.conf;/);
});

test('sitemap URLs are XML text: character references are decoded', () => {
  assert.equal(decodeXmlText('https://docs.example.com/a-&amp;-b?x=1&amp;y=&#x4e2d;&#25991;'), 'https://docs.example.com/a-&-b?x=1&y=中文');
  assert.equal(decodeXmlText('&unknown;'), '&unknown;');
});
