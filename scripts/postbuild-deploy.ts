/**
 * Run after `docusaurus build` (node --import tsx scripts/postbuild-deploy.ts [buildDir] [--csp-out FILE]).
 *
 * 1. Precompresses the build: writes `X.gz` (zlib level 9) beside every text file X over 1 KB whose
 *    gzip is smaller; nginx serves it with `gzip_static on` (deploy/nginx/).
 * 2. Writes the Content-Security-Policy include for nginx (deploy/nginx/generated/csp.conf): sha256
 *    hashes of every inline script the build emits (so script-src needs no 'unsafe-inline'), of every
 *    inline <style> element in the HTML and of the CSS that the bundles inject at run time as <style>
 *    elements (medium-zoom, the Algolia logo of DocSearch), and Algolia's hosts in connect-src only
 *    when the build uses a hosted index (the same three ALGOLIA_* variables as src/search/config.ts).
 *
 * Idempotent: a second run rewrites nothing (gzip output is deterministic; files are only written
 * when their content differs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {load} from 'cheerio';

// CommonJS (no "type": "module"): tsx and Playwright both provide __dirname and require.main.
const repoRoot = path.resolve(__dirname, '..');

/** Extensions worth compressing (text formats the site ships). Images other than SVG are already compressed. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html', '.css', '.js', '.mjs', '.json', '.xml', '.svg', '.txt', '.md', '.map',
  '.yaml', '.yml', '.ts', '.webmanifest', '.ico', '.csv', '.wasm',
]);
export const GZIP_MIN_BYTES = 1024;

/** Algolia hosts that DocSearch and algoliasearch v5 query (DSN and fallback hosts). */
export const ALGOLIA_CONNECT_SOURCES = ['https://*.algolia.net', 'https://*.algolianet.com'];

/** The hash source for CSP of a script or style text, as the browser computes it (UTF-8, sha256, base64). */
export function cspHash(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Script types the browser executes (or checks against script-src: import maps and speculation
 * rules). Everything else, e.g. application/ld+json, is a data block: never run, not subject to CSP.
 */
const JS_MIME = new Set([
  'application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript',
  'text/ecmascript', 'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2',
  'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5', 'text/jscript', 'text/livescript',
  'text/x-ecmascript', 'text/x-javascript',
]);
export function isCspCheckedScriptType(type: string | undefined): boolean {
  if (type === undefined) return true;
  const t = type.trim().toLowerCase();
  return t === '' || t === 'module' || t === 'importmap' || t === 'speculationrules' || JS_MIME.has(t);
}

export interface InlineCode {
  /** Texts of inline scripts subject to script-src. */
  scripts: string[];
  /** Texts of <style> elements (HTML and SVG) subject to style-src-elem. */
  styles: string[];
  /** Inline event handler attributes (onclick=…); they would need 'unsafe-hashes', so they are reported. */
  handlers: string[];
}

/**
 * The inline code of one HTML document, with the text exactly as the browser hashes it. A fast scan
 * handles what Docusaurus emits (script and style raw text in HTML; CR LF normalized as the HTML
 * parser does); a document with <script> or <style> inside <svg>/<math>, where the text is parsed
 * as markup (character references decoded), goes through parse5 instead, which tokenizes exactly
 * like a browser.
 */
export function inlineCode(html: string): InlineCode {
  return scanInlineCode(html) ?? inlineCodeParse5(html);
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// Comments, doctype, processing instructions, end tags, start tags (attribute values may hold ">").
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/([a-zA-Z][^\s/>]*)[^>]*>?|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
/** Elements whose content is text up to their end tag, in the HTML namespace. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes']);

function attributesOf(source: string): Record<string, string> {
  const attribs: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!(name in attribs)) attribs[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attribs;
}

/** The fast path of inlineCode; null when the document needs a full parse (inline code in SVG/MathML). */
export function scanInlineCode(input: string): InlineCode | null {
  const html = input.replace(/\r\n?/g, '\n');
  const code: InlineCode = {scripts: [], styles: [], handlers: []};
  let foreignDepth = 0;
  MARKUP.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MARKUP.exec(html))) {
    const [, endName, startName, attrSource] = m;
    if (endName) {
      if (/^(svg|math)$/i.test(endName) && foreignDepth > 0) foreignDepth--;
      continue;
    }
    if (!startName) continue;
    const name = startName.toLowerCase();
    const attribs = attributesOf(attrSource);
    for (const attr of Object.keys(attribs)) {
      if (/^on[a-z]+$/.test(attr)) code.handlers.push(`${attr}=${attribs[attr]}`);
    }
    const selfClosing = /\/\s*$/.test(attrSource);
    if ((name === 'svg' || name === 'math') && !selfClosing) {
      foreignDepth++;
      continue;
    }
    if (foreignDepth > 0) {
      if (name === 'script' || name === 'style') return null;
      continue;
    }
    if (!RAW_TEXT.has(name)) continue;
    const close = new RegExp(`</${name}[\\s/>]`, 'ig');
    close.lastIndex = MARKUP.lastIndex;
    const end = close.exec(html);
    const text = html.slice(MARKUP.lastIndex, end ? end.index : html.length);
    MARKUP.lastIndex = end ? end.index : html.length;
    if (name === 'script' && !('src' in attribs) && isCspCheckedScriptType(attribs.type)) code.scripts.push(text);
    if (name === 'style') code.styles.push(text);
  }
  return code;
}

/** inlineCode through a full HTML parse (parse5 via cheerio). */
export function inlineCodeParse5(html: string): InlineCode {
  const $ = load(html);
  const scripts: string[] = [];
  const styles: string[] = [];
  const handlers: string[] = [];
  $('*').each((_, el) => {
    const {name, attribs = {}} = el as unknown as {name: string; attribs?: Record<string, string>};
    for (const attr of Object.keys(attribs)) {
      if (/^on[a-z]+$/i.test(attr)) handlers.push(`${attr}=${attribs[attr]}`);
    }
    if (name === 'script' && !('src' in attribs) && isCspCheckedScriptType(attribs.type)) scripts.push($(el).text());
    if (name === 'style') styles.push($(el).text());
  });
  return {scripts, styles, handlers};
}

/** One CSS rule `selector{prop:value;…}` without nested blocks, quotes or escapes. */
const CSS_RULE = String.raw`[^"'\x60\\{};\n]+\{\s*[-a-zA-Z]+\s*:[^"'\x60\\{};\n]+(?:;\s*[-a-zA-Z]+\s*:[^"'\x60\\{};\n]+)*;?\s*\}`;
const CSS_LITERAL = new RegExp(String.raw`(["'\x60])((?:${CSS_RULE})+)\1`, 'g');

/**
 * String literals in a JavaScript bundle that consist only of CSS rules: the text that libraries put
 * into <style> elements at run time (medium-zoom's styleInject, React-rendered <style> in SVG logos).
 * Hashing a literal that is never injected is harmless: it only allows that exact text.
 */
export function cssLiteralsInJs(js: string): string[] {
  const found = new Set<string>();
  for (const m of js.matchAll(CSS_LITERAL)) found.add(m[2]);
  return [...found];
}

export interface CspInput {
  scriptHashes: string[];
  styleHashes: string[];
  hostedSearch: boolean;
}

/** The Content-Security-Policy value for the built site. */
export function buildCsp({scriptHashes, styleHashes, hostedSearch}: CspInput): string {
  const uniq = (xs: string[]) => [...new Set(xs)].sort();
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...uniq(scriptHashes)]],
    // Browsers without style-src-elem/-attr (CSP level 3) fall back to this line.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // <style> elements: the stylesheet files and the hashed inline styles only.
    ['style-src-elem', ["'self'", ...uniq(styleHashes)]],
    // style="" attributes: Prism colours code tokens with them in the static HTML, and the
    // announcement bar / DocSearch / medium-zoom set them too. Attributes cannot run script.
    ['style-src-attr', ["'unsafe-inline'"]],
    // Infima draws some icons as data: SVG in the stylesheet.
    ['img-src', ["'self'", 'data:']],
    // fetch(): the embedded search index, or the Algolia hosts of a hosted index.
    ['connect-src', ["'self'", ...(hostedSearch ? ALGOLIA_CONNECT_SOURCES : [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The nginx include with the CSP header (included by deploy/nginx/security-headers.conf). */
export function renderCspInclude(csp: string, info: {buildDir: string; hostedSearch: boolean; pages: number}): string {
  if (/["$\\\n]/.test(csp)) throw new Error('CSP contains a character that nginx would interpret');
  return [
    '# Generated by scripts/postbuild-deploy.ts after `docusaurus build`: do not edit.',
    `# Build: ${info.buildDir} (${info.pages} HTML files); search: ${info.hostedSearch ? 'hosted Algolia index' : 'embedded index'}.`,
    `add_header Content-Security-Policy "${csp}" always;`,
    '',
  ].join('\n');
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export interface SiteHashes extends CspInput {
  pages: number;
  handlers: string[];
}

/** Hashes for the whole build: inline scripts and styles of every HTML file, CSS injected by the bundles. */
export function collectSiteHashes(buildDir: string, hostedSearch: boolean): SiteHashes {
  const scripts = new Set<string>();
  // An empty <style>: styleInject (medium-zoom) inserts the element first and fills it afterwards,
  // and the browser checks it at both moments. Allowing empty content allows nothing.
  const styles = new Set<string>(['']);
  const handlers: string[] = [];
  let pages = 0;
  for (const file of walk(buildDir)) {
    if (file.endsWith('.html')) {
      pages++;
      const code = inlineCode(fs.readFileSync(file, 'utf8'));
      code.scripts.forEach((s) => scripts.add(s));
      code.styles.forEach((s) => styles.add(s));
      handlers.push(...code.handlers.map((h) => `${path.relative(buildDir, file)}: ${h}`));
    } else if (file.endsWith('.js')) {
      cssLiteralsInJs(fs.readFileSync(file, 'utf8')).forEach((s) => styles.add(s));
    }
  }
  return {
    pages,
    handlers,
    hostedSearch,
    scriptHashes: [...scripts].map(cspHash),
    styleHashes: [...styles].map(cspHash),
  };
}

export interface CompressStats {
  written: number;
  unchanged: number;
  skipped: number;
  bytesIn: number;
  bytesOut: number;
}

/** gzip for one file's content, or null when it is not worth it (too small or no smaller). */
export function gzipIfSmaller(content: Buffer): Buffer | null {
  if (content.length < GZIP_MIN_BYTES) return null;
  const gz = zlib.gzipSync(content, {level: 9});
  return gz.length < content.length ? gz : null;
}

/** Writes X.gz beside each compressible file X of the build (see gzipIfSmaller). */
export function precompress(buildDir: string): CompressStats {
  const stats: CompressStats = {written: 0, unchanged: 0, skipped: 0, bytesIn: 0, bytesOut: 0};
  for (const file of walk(buildDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const content = fs.readFileSync(file);
    const gz = gzipIfSmaller(content);
    if (!gz) {
      stats.skipped++;
      continue;
    }
    stats.bytesIn += content.length;
    stats.bytesOut += gz.length;
    const target = `${file}.gz`;
    const {mtime} = fs.statSync(file);
    if (fs.existsSync(target) && fs.readFileSync(target).equals(gz)) {
      stats.unchanged++;
    } else {
      fs.writeFileSync(target, gz);
      stats.written++;
    }
    // Same Last-Modified for both variants.
    fs.utimesSync(target, mtime, mtime);
  }
  return stats;
}

/** The same rule as src/search/config.ts: hosted Algolia only with all three variables set. */
export function hostedSearchFromEnv(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY && env.ALGOLIA_INDEX_NAME);
}

export const DEFAULT_CSP_OUT = path.join(repoRoot, 'deploy/nginx/generated/csp.conf');

/** Writes the CSP include when its content changed; returns whether it wrote. */
export function writeCspInclude(
  buildDir: string,
  out: string,
  hostedSearch: boolean,
  hashes: SiteHashes = collectSiteHashes(buildDir, hostedSearch),
): {written: boolean; hashes: SiteHashes} {
  const text = renderCspInclude(buildCsp({...hashes, hostedSearch}), {
    buildDir: path.relative(repoRoot, buildDir) || buildDir,
    hostedSearch,
    pages: hashes.pages,
  });
  fs.mkdirSync(path.dirname(out), {recursive: true});
  const same = fs.existsSync(out) && fs.readFileSync(out, 'utf8') === text;
  if (!same) fs.writeFileSync(out, text);
  return {written: !same, hashes};
}

export function main(argv: string[]): number {
  let buildDir = path.join(repoRoot, 'build');
  let cspOut = DEFAULT_CSP_OUT;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--csp-out') cspOut = path.resolve(argv[++i]);
    else buildDir = path.resolve(argv[i]);
  }
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    console.error(`postbuild-deploy: ${buildDir} is not a built site (no index.html); run docusaurus build first`);
    return 1;
  }
  const started = Date.now();
  const hosted = hostedSearchFromEnv(process.env);
  const hashes = collectSiteHashes(buildDir, hosted);
  if (hashes.handlers.length) {
    console.error(`postbuild-deploy: inline event handlers need 'unsafe-hashes' and are blocked by the CSP:\n  ${hashes.handlers.join('\n  ')}`);
    return 1;
  }
  const {written} = writeCspInclude(buildDir, cspOut, hosted, hashes);
  const gz = precompress(buildDir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `postbuild-deploy: ${gz.written} .gz written, ${gz.unchanged} unchanged, ${gz.skipped} files left uncompressed ` +
      `(${kb(gz.bytesIn)} → ${kb(gz.bytesOut)}); CSP with ${hashes.scriptHashes.length} script and ` +
      `${hashes.styleHashes.length} style hashes, ${hosted ? 'hosted' : 'embedded'} search, ` +
      `${written ? 'written to' : 'unchanged in'} ${path.relative(process.cwd(), cspOut)} (${Date.now() - started} ms)`,
  );
  return 0;
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
