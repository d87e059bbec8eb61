import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's nginx serving the built site with the production configuration of deploy/nginx/, on a
 * free loopback port, from a temporary prefix (config copy, pid, logs, temp files). Used by
 * e2e/nginx.spec.ts; nothing here touches /etc/nginx or the system's nginx.
 */

export const repoRoot = path.resolve(__dirname, '..');
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
/** The site under test; NGINX_E2E_BUILD points at another build (e.g. a copy). */
export const buildDir = path.resolve(repoRoot, process.env.NGINX_E2E_BUILD ?? 'build');
export const deployDir = path.join(repoRoot, 'deploy/nginx');
export const cspInclude = path.join(deployDir, 'generated/csp.conf');
/** The host the sitemap's absolute URLs use (docusaurus.config.ts `url`). */
export const SITE_URL = 'https://docs.example.com';

export const nginxAvailable = (): boolean => fs.existsSync(NGINX_BIN);

/** A port the kernel considers free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * deploy/nginx/xinglian-docs.conf with its `listen` lines replaced by one loopback listener and its
 * `root` by the build under test. Fails if the file no longer has exactly the lines it expects, so
 * that a change to the config cannot silently leave the test serving something else.
 */
export function localServerConf(conf: string, {port, root}: {port: number; root: string}): string {
  const listen = /^[ \t]*listen[ \t][^;]*;[ \t]*\n/gm;
  const rootLine = /^([ \t]*)root[ \t][^;]*;/gm;
  const listens = conf.match(listen) ?? [];
  const roots = conf.match(rootLine) ?? [];
  if (listens.length < 1 || roots.length !== 1) {
    throw new Error(`xinglian-docs.conf: expected listen lines and one root line, found ${listens.length} and ${roots.length}`);
  }
  if (/["';{}\s]/.test(root)) throw new Error(`build path not usable in nginx.conf: ${root}`);
  let first = true;
  return conf
    .replace(listen, (line) => {
      if (!first) return '';
      first = false;
      return line.replace(/listen[ \t][^;]*;/, `listen 127.0.0.1:${port};`);
    })
    .replace(rootLine, `$1root ${root};`);
}

/** The main nginx.conf of the temporary prefix: foreground, everything inside `prefix`. */
export function mainConf(prefix: string): string {
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 2;',
    // As root the workers would run as nobody, who may not read the checkout.
    ...(runningAsRoot ? ['user root;'] : []),
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    // Debian's, as in /etc/nginx/nginx.conf.
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    tcp_nopush on;',
    `    access_log ${prefix}/access.log;`,
    `    client_body_temp_path ${prefix}/tmp/body;`,
    `    proxy_temp_path ${prefix}/tmp/proxy;`,
    `    fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
    `    uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
    `    scgi_temp_path ${prefix}/tmp/scgi;`,
    '    include xinglian-docs/xinglian-docs.conf;',
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  origin: string;
  port: number;
  prefix: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** The tail of error.log (for failure messages). */
  errorLog(): string;
}

function copyDir(from: string, to: string): void {
  fs.cpSync(from, to, {recursive: true});
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}:\n${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within ${timeoutMs} ms:\n${stderr()}`);
}

/** Starts nginx (daemon off, as a child process) with deploy/nginx/ serving `root`. */
export async function startNginx(root: string = buildDir): Promise<RunningNginx> {
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`no built site in ${root}: run npm run build first`);
  if (!fs.existsSync(cspInclude)) {
    throw new Error(`${path.relative(repoRoot, cspInclude)} is missing: npm run build writes it (node --import tsx scripts/postbuild-deploy.ts)`);
  }
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'xinglian-nginx-'));
  fs.mkdirSync(path.join(prefix, 'tmp'));
  copyDir(deployDir, path.join(prefix, 'xinglian-docs'));
  const port = await freePort();
  const serverConfPath = path.join(prefix, 'xinglian-docs/xinglian-docs.conf');
  fs.writeFileSync(serverConfPath, localServerConf(fs.readFileSync(serverConfPath, 'utf8'), {port, root}));
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), mainConf(prefix));

  const args = ['-p', `${prefix}/`, '-c', `${prefix}/nginx.conf`, '-e', `${prefix}/error.log`];
  const check = spawnSync(NGINX_BIN, ['-t', '-q', ...args], {encoding: 'utf8'});
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}${check.stdout}`);

  const child = spawn(NGINX_BIN, args, {stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const errorLog = () => {
    const file = path.join(prefix, 'error.log');
    const log = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    return (stderr + log).split('\n').slice(-30).join('\n');
  };
  // A worker that dies without afterAll must not leave nginx behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child, errorLog);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    prefix,
    process: child,
    errorLog,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful shutdown
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(prefix, {recursive: true, force: true});
    },
  };
}

/** Character references in XML text (the sitemap writes & as &amp;). */
export function decodeXmlText(text: string): string {
  const named: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};
  return text.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi, (all, hex, dec, name) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : (named[name] ?? all),
  );
}

/** The paths of every URL in build/sitemap.xml (its absolute URLs use the production host). */
export function sitemapPaths(root: string = buildDir): string[] {
  const file = path.join(root, 'sitemap.xml');
  if (!fs.existsSync(file)) return [];
  const xml = fs.readFileSync(file, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(decodeXmlText(m[1].trim()));
    if (url.origin !== SITE_URL) throw new Error(`sitemap URL on an unexpected host: ${m[1]}`);
    return url.pathname + url.search;
  });
}

/** Splits `items` into `n` nearly equal consecutive chunks. */
export function chunk<T>(items: T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  return Array.from({length: n}, (_, i) => items.slice(i * size, (i + 1) * size));
}
