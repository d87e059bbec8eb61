// Node examples whose behaviour the page documents are run, not only parsed: a block with
// run="<scenario>" in its meta is executed by node against a local mock server that answers with
// the responses of each case, and the case's expectations (exit code, requests made, output) are
// checked. Everything listens on 127.0.0.1 and stops by itself.
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {slug, type Block, type Problem} from '../blocks';
import {run} from '../run';

interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

interface Request {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Case {
  name: string;
  responses: MockResponse[];
  /** Expected exit code: 0, or 'failure' for any non-zero code. */
  exit: 0 | 'failure';
  requests: number;
  stdout?: RegExp;
  /** Extra checks on the requests received. */
  check?: (requests: Request[]) => string | null;
}

interface Scenario {
  env: (baseUrl: string) => Record<string, string>;
  cases: Case[];
}

const envelope = (code: number, message: string, data: unknown = null) => ({code, message, data});
const ok = {status: 200, body: envelope(0, 'success', {accepted: 2, rejected: [], ts: 1742441400000})};
const retry = (status: number, code: number, message: string): MockResponse => ({status, headers: {'Retry-After': '0'}, body: envelope(code, message)});

/** The scenarios the docs refer to by name (run="…"). */
export const SCENARIOS: Record<string, Scenario> = {
  // docs/neptune/user/device-access-by-web.md, upload.mjs: which responses are retried, and that the
  // data is never dropped silently.
  'neptune-upload': {
    env: (base) => ({NEPTUNE_BASE_URL: base, NEPTUNE_DEVICE_KEY: 'Xs3Fp7Kq1Ld5'}),
    cases: [
      {
        name: '直接成功', responses: [ok], exit: 0, requests: 1, stdout: /accepted 2/,
        check: (reqs) => {
          const r = reqs[0];
          if (r.method !== 'POST' || r.url !== '/api/v2/devices/DEV-20240318-0004/data') return `请求应为 POST /api/v2/devices/DEV-20240318-0004/data，实际 ${r.method} ${r.url}`;
          if (r.headers['x-device-key'] !== 'Xs3Fp7Kq1Ld5') return '请求没有带 X-Device-Key';
          const body = JSON.parse(r.body);
          return typeof body.ts === 'number' && body.values ? null : `请求体应为 {ts, values}，实际 ${r.body}`;
        },
      },
      {name: '限流（429）后重试成功', responses: [retry(429, 42901, 'too many requests'), ok], exit: 0, requests: 2, stdout: /accepted 2/},
      {name: '服务端错误（500）后重试成功', responses: [retry(500, 50001, 'internal error'), ok], exit: 0, requests: 2, stdout: /accepted 2/},
      {name: '服务端一直出错：重试 3 次后报错退出', responses: [retry(500, 50001, 'internal error'), retry(503, 50001, 'internal error'), retry(500, 50001, 'internal error')], exit: 'failure', requests: 3},
      {name: '限流一直持续：重试 3 次后报错退出', responses: [retry(429, 42901, 'too many requests'), retry(429, 42901, 'too many requests'), retry(429, 42901, 'too many requests')], exit: 'failure', requests: 3},
      {name: '密钥错误（401 / 40101）：不重试，报错退出', responses: [{status: 401, body: envelope(40101, 'invalid device key')}], exit: 'failure', requests: 1},
      {name: '参数错误（400 / 40001）：不重试，报错退出', responses: [{status: 400, body: envelope(40001, 'invalid values')}], exit: 'failure', requests: 1},
    ],
  },
};

async function runCase(file: string, scenario: Scenario, c: Case): Promise<string | null> {
  const requests: Request[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers, body});
      const r = c.responses[Math.min(requests.length, c.responses.length) - 1];
      res.writeHead(r.status, {'Content-Type': 'application/json', ...r.headers});
      res.end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const r = await run(process.execPath, [file], {env: {...process.env, ...scenario.env(base)}, timeoutMs: 20_000});
    const output = `${r.stdout}${r.stderr}`.trim().split('\n').slice(-3).join(' | ');
    if (c.exit === 0 && r.code !== 0) return `应成功退出，实际退出码 ${r.code}：${output}`;
    if (c.exit === 'failure' && r.code === 0) return `应报错退出，实际退出码 0（数据被悄悄丢弃）：${output}`;
    if (requests.length !== c.requests) return `应发出 ${c.requests} 次请求，实际 ${requests.length} 次`;
    if (c.stdout && !c.stdout.test(r.stdout)) return `输出中没有 ${c.stdout}：${output}`;
    return c.check?.(requests) ?? null;
  } finally {
    server.close();
  }
}

/** Runs the scenario a block names; problems name the failing case. */
export async function runScenario(block: Block, cacheDir: string): Promise<Problem[]> {
  const name = block.meta.run;
  const scenario = SCENARIOS[name];
  if (!scenario) return [{message: `未知的运行场景 run="${name}"：可用的场景见 scripts/lib/examples/node/scenarios.ts`}];
  const ext = /\.cjs$/.test(block.meta.title ?? '') ? '.cjs' : '.mjs';
  const file = path.join(cacheDir, 'node-run', `${slug(block)}${ext}`);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, block.code + '\n');
  const problems: Problem[] = [];
  for (const c of scenario.cases) {
    const failure = await runCase(file, scenario, c);
    if (failure) problems.push({message: `运行场景 ${name}「${c.name}」：${failure}`});
  }
  return problems;
}
