// The example checker (npm run test:examples, scripts/lib/examples/) must be able to fail: each test
// feeds it a small page with one broken block and expects the failure at the right page:line, and a
// correct block of the same kind to pass. The real docs are checked by npm run test:examples itself.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {blocksOf} from '../../scripts/lib/examples/blocks';
import {checkExamples, formatReport, type Report} from '../../scripts/lib/examples';
import {tritonGoApi, tritonGoStub} from '../../scripts/lib/examples/go/triton-stub';
import {sessionCommands} from '../../scripts/lib/examples/shell/check';
import {curlBodies} from '../../scripts/lib/examples/data/openapi';
import {configReference} from '../../scripts/lib/examples/data/config-reference';
import {documentedCompilerOptions} from '../../scripts/lib/examples/ts/check';
import codeFromFile from '../../src/remark/codeFromFile';

const root = path.resolve(__dirname, '../..');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examples-test-'));

/** Checks the blocks of one Markdown source as if it were `page`. */
async function check(src: string, page = 'docs/test/example.md'): Promise<Report> {
  return checkExamples({root, blocks: blocksOf(page, src, root), sources: new Map([[page, src]]), cacheDir});
}

/** `page:line message` of every problem, as the report prints them. */
function failures(report: Report): string[] {
  return report.results.flatMap(({block, problems}) => problems.map((p) => `${block.page}:${p.line ?? block.line} ${p.message}`));
}

const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;

test('a Go program that does not compile fails with page:line', async () => {
  const src = ['# 示例', '', fence('go title="main.go"', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(undefinedName)\n}')].join('\n');
  const f = failures(await check(src));
  assert.equal(f.length, 1, f.join('\n'));
  // The fence is on line 3; the call is code line 6 → page line 9.
  assert.match(f[0], /^docs\/test\/example\.md:9 go vet：.*(undefined|undeclared name): undefinedName/);
});

test('a Go program that is not gofmt-formatted fails at the first line that differs', async () => {
  const src = fence('go', 'package main\n\nfunc main() {\n  println(1)\n}');
  const f = failures(await check(src));
  assert.deepEqual(f, ['docs/test/example.md:5 Go 代码未按 gofmt 格式化（应为："\\tprintln(1)"）']);
});

test('Go examples compile against the documented Triton API only', async () => {
  const good = fence('go', 'package main\n\nimport (\n\t"errors"\n\t"log"\n\t"time"\n\n\ttriton "example.com/triton/go"\n)\n\nfunc main() {\n\tc, err := triton.Init("triton.toml")\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tif err := c.Connect(5 * time.Second); errors.Is(err, triton.ErrAuth) {\n\t\tlog.Fatal(triton.CodeOf(err))\n\t}\n}');
  assert.deepEqual(failures(await check(good)), []);
  const bad = good.replace('c.Connect(5 * time.Second)', 'c.ConnectWithRetry(5 * time.Second)');
  const f = failures(await check(bad));
  assert.ok(f.some((x) => /^docs\/test\/example\.md:17 go vet：.*ConnectWithRetry/.test(x)), f.join('\n'));
});

test('the Triton Go stub is generated from every declaration the glossary documents', () => {
  const api = tritonGoApi(root);
  const stub = tritonGoStub(api);
  for (const fn of ['func Init(configPath string) (*Client, error)', 'func (c *Client) Send(values map[string]any) error', 'func CodeOf(err error) int']) {
    assert.ok(stub.includes(fn), fn);
  }
  assert.deepEqual(api.errors.map((e) => `${e.name}=${e.code}`).slice(0, 3), ['ErrParam=-1', 'ErrConfig=-2', 'ErrNotConnected=-3']);
  assert.equal(api.errors.length, 9);
});

test('a Go fragment without a package clause needs a declared harness', async () => {
  const f = failures(await check(fence('go', 'x := 1\n_ = x')));
  assert.equal(f.length, 1);
  assert.match(f[0], /没有 package 子句.*harness/);
});

test('a C example missing an include fails with page:line; the fixed one passes', async () => {
  const broken = ['段落', '', fence('c title="demo.c"', '#include <stdio.h>\n#include <triton.h>\n\nint main(void)\n{\n    const char *p = strstr("a:b", ":");\n    printf("%s\\n", p);\n    return TRITON_OK;\n}')].join('\n');
  const f = failures(await check(broken, 'docs/triton/developer/linux/demo.md'));
  assert.ok(f.some((x) => /^docs\/triton\/developer\/linux\/demo\.md:9 gcc .*strstr/.test(x)), f.join('\n'));
  const fixed = broken.replace('#include <stdio.h>', '#include <stdio.h>\n#include <string.h>');
  assert.deepEqual(failures(await check(fixed, 'docs/triton/developer/linux/demo.md')), []);
});

test('C format checks catch %ld for an int32_t on 64-bit Linux', async () => {
  const src = fence('c', '#include <stdint.h>\n#include <stdio.h>\n\nint main(void)\n{\n    int32_t n = 1;\n    printf("%ld\\n", n);\n    return 0;\n}');
  const f = failures(await check(src, 'docs/triton/developer/linux/demo.md'));
  assert.ok(f.some((x) => /:8 gcc .*%ld/.test(x)), f.join('\n'));
});

test('Windows examples use the windows.h shim: MSVC C4996 functions fail, WinCE lacks desktop-only APIs', async () => {
  const win = fence('c', '#include <windows.h>\n\nint copy(wchar_t *dst)\n{\n    wcscpy(dst, L"triton.toml");\n    return 0;\n}');
  const f = failures(await check(win, 'docs/triton/developer/windows/demo.md'));
  assert.ok(f.some((x) => /:6 gcc \(windows\) .*wcscpy.*C4996/.test(x)), f.join('\n'));
  // strncat is C4996 as well (strncat_s), although it takes a length.
  const cat = fence('c', '#include <string.h>\n#include <windows.h>\n\nvoid append(char *dst, size_t size, const char *src)\n{\n    strncat(dst, src, size - strlen(dst) - 1);\n}');
  const fc = failures(await check(cat, 'docs/triton/developer/windows/demo.md'));
  assert.ok(fc.some((x) => /:7 gcc \(windows\) .*strncat.*strncat_s/.test(x)), fc.join('\n'));
  const catS = cat.replace('strncat(dst, src, size - strlen(dst) - 1)', 'strncat_s(dst, size, src, _TRUNCATE)');
  assert.deepEqual(failures(await check(catS, 'docs/triton/developer/windows/demo.md')), []);
  const ce = fence('c', '#include <windows.h>\n\nunsigned long long uptime(void)\n{\n    return GetTickCount64();\n}');
  const g = failures(await check(ce, 'docs/triton/developer/wince/cpac/demo.md'));
  assert.ok(g.some((x) => /:6 gcc \(wince\) .*GetTickCount64/.test(x)), g.join('\n'));
  assert.deepEqual(failures(await check(ce, 'docs/triton/developer/windows/demo.md')), []);
});

test('a C block marked cxx is compiled by g++ as well', async () => {
  const src = fence('c cxx', '#include <stdlib.h>\n\nint *make(void)\n{\n    int *p = malloc(sizeof *p);\n    return p;\n}');
  const f = failures(await check(src, 'docs/triton/developer/linux/demo.md'));
  assert.ok(f.some((x) => /:6 g\+\+ .*invalid conversion from .void\*/.test(x)), f.join('\n'));
});

test('the docs show triton.h from the project file the checker compiles', () => {
  const header = fs.readFileSync(path.join(root, 'examples/triton/include/triton.h'), 'utf8');
  const page = fs.readFileSync(path.join(root, 'docs/triton/developer/introduction.md'), 'utf8');
  const block = blocksOf('docs/triton/developer/introduction.md', page, root).find((b) => b.meta.title === 'triton.h');
  assert.ok(block, 'introduction.md has the triton.h block');
  assert.equal(block.code, header.trimEnd());
  const tree = {type: 'root', children: [{type: 'code', meta: 'title="triton.h" file="examples/triton/include/triton.h"', value: ''}]};
  codeFromFile({root})(tree);
  assert.equal(tree.children[0].value, header.trimEnd());
  assert.throws(() => codeFromFile({root})({type: 'root', children: [{type: 'code', meta: 'file="examples/nope.h"', value: ''}]}), /不存在/);
  assert.throws(() => codeFromFile({root})({type: 'root', children: [{type: 'code', meta: 'file="examples/triton/include/triton.h"', value: 'x'}]}), /应留空/);
});

test('a JavaScript example that misuses the janus API fails tsc with page:line', async () => {
  const good = fence('javascript title="scripts/list.js"', "const result = await janus.device.getDeviceList({ status: 'running', pageSize: 50 });\nconsole.log(result.total);");
  assert.deepEqual(failures(await check(good)), []);
  const bad = good.replace("status: 'running'", "status: 'runing'");
  const f = failures(await check(bad));
  assert.equal(f.length, 1, f.join('\n'));
  assert.match(f[0], /^docs\/test\/example\.md:2 tsc TS(2322|2820)：Type '"runing"'/);
});

test('strict mode: an element looked up by id may be null', async () => {
  const src = fence('javascript title="scripts/a.js"', "document.querySelector('#x').textContent = '1';");
  assert.match(failures(await check(src))[0], /:2 tsc TS2531/);
});

test('component events are typed: e.detail of janus-row-click has row and index', async () => {
  const src = fence('javascript title="scripts/a.js"', "const t = /** @type {JanusDatatableElement} */ (document.querySelector('#t'));\nt.addEventListener('janus-row-click', (e) => console.log(e.detail.index.toFixed(0), e.detail.nope));");
  const f = failures(await check(src));
  assert.equal(f.length, 1, f.join('\n'));
  assert.match(f[0], /:3 tsc TS2339：Property 'nope'/);
});

test('a signature block must equal the declaration in janus.d.ts', async () => {
  const good = fence('typescript harness="signature"', 'janus.device.getDeviceInfo(deviceId: string, identifiers?: string[]): Promise<DeviceInfo>');
  assert.deepEqual(failures(await check(good)), []);
  const f = failures(await check(good.replace('identifiers?: string[]', 'identifiers: string[]')));
  assert.deepEqual(f, ['docs/test/example.md:2 签名与 static/open-platform/janus.d.ts 中 janus.device.getDeviceInfo 的声明不一致']);
});

test('the compiler options are those of the jsconfig.json the docs recommend', () => {
  const o = documentedCompilerOptions(root);
  assert.equal(o.strict, true);
  assert.equal(o.checkJs, true);
  assert.equal(o.moduleDetection, 3 /* ModuleDetectionKind.Force */);
});

test('HTML: an id the page script looks up must exist in the HTML that loads it', async () => {
  const src = [
    fence('html title="pages/a.html"', '<span id="name"></span>\n<script type="module" src="../scripts/a.js"></script>'),
    '',
    fence('javascript title="scripts/a.js"', "const el = /** @type {HTMLElement} */ (document.querySelector('#operator'));\nel.textContent = 'x';"),
  ].join('\n');
  const f = failures(await check(src));
  assert.deepEqual(f, ['docs/test/example.md:7 脚本查找的元素 #operator 不在本页的 HTML（pages/a.html）中']);
});

test('a broken JSON block fails with the line of the error', async () => {
  const f = failures(await check(['说明', '', fence('json', '{\n  "a": 1,\n  "b": \n}')].join('\n')));
  assert.equal(f.length, 1);
  assert.match(f[0], /^docs\/test\/example\.md:7 JSON 无法解析/);
});

test('API response and request examples are validated against the OpenAPI operation', async () => {
  const pageSrc = (status: string) => [
    '## 请求方法与路径 {#endpoint}', '', fence('text', 'GET /api/v2/devices'), '',
    '## 响应示例 {#response-example}', '',
    fence('json', JSON.stringify({code: 0, message: 'success', data: {total: 1, page: 1, pageSize: 20, items: [{deviceId: 'DEV-20240315-0001', deviceName: '1 号立式加工中心', deviceTypeId: 'DT-0001', groupId: 'G-0001', status, online: true, lastActiveTime: 1742440216000}]}}, null, 2)),
  ].join('\n');
  const page = 'docs/neptune/api/device_management/device_list.md';
  assert.deepEqual(failures(await check(pageSrc('running'), page)), []);
  const bad = failures(await check(pageSrc('broken'), page));
  assert.deepEqual(bad, ['docs/neptune/api/device_management/device_list.md:10 不符合 neptune.yaml GET /devices 的 200 响应：/data/items/0/status must be equal to one of the allowed values：online, offline, running, idle, fault']);
  const post = ['## 请求方法与路径 {#endpoint}', '', fence('text', 'POST /api/v2/devices'), '', '## 请求示例 {#request-example}', '',
    fence('bash', `curl -s -X POST "$BASE/devices" \\\n  -H "Content-Type: application/json" \\\n  -d '{"deviceName": 1}'`)].join('\n');
  const p = failures(await check(post, 'docs/neptune/api/device_management/create_device.md'));
  assert.ok(p.some((x) => /create_device\.md:12 不符合 neptune\.yaml POST \/devices 的请求体：\/deviceName must be string/.test(x)), p.join('\n'));
  assert.deepEqual(curlBodies(`curl -X POST -d '{"a": 1}' \\\n  -H x`), [{body: '{"a": 1}', line: 1}]);
});

test('a response schema Ajv cannot compile fails that example with page:line instead of stopping the run', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'examples-openapi-'));
  fs.mkdirSync(path.join(dir, 'static/openapi'), {recursive: true});
  // OpenAPI 3.0 allows `nullable` only beside `type`; Ajv refuses to compile it alone.
  fs.writeFileSync(path.join(dir, 'static/openapi/neptune.yaml'), [
    'openapi: 3.0.3', 'info: {title: t, version: "1"}', 'paths:', '  /devices/{id}:', '    get:', '      responses:',
    '        "200":', '          description: ok', '          content:', '            application/json:', '              schema:',
    '                type: object', '                properties:', '                  value:', '                    nullable: true',
  ].join('\n'));
  const page = 'docs/neptune/api/x.md';
  const src = ['## 请求方法与路径 {#endpoint}', '', fence('text', 'GET /devices/{id}'), '', '## 响应示例 {#response-example}', '', fence('json', '{"value": null}')].join('\n');
  const {OpenApiExamples} = await import('../../scripts/lib/examples/data/openapi');
  const blocks = blocksOf(page, src, root);
  const result = new OpenApiExamples(dir).check(page, src, blocks);
  const messages = [...result.values()].flat().map((p) => `${p.line} ${p.message}`);
  assert.equal(messages.length, 1, messages.join('\n'));
  assert.match(messages[0], /^10 static\/openapi\/neptune\.yaml 中 .*GET \/devices\/\{id\}.* schema 无法编译：.*nullable/);
});

test('configuration keys are checked against the reference, with their types', async () => {
  const refs = configReference(root).map((r) => r.file);
  assert.ok(['triton.toml', 'triton.ini', 'application.properties', 'viewer.toml'].every((f) => refs.includes(f)), refs.join(', '));
  const good = fence('toml title="/opt/triton/conf/triton.toml"', '[upstream]\nkeep_alive = 60\n\n[[local.modbus_tcp.points]]\nidentifier = "temperature"\narea = "input"\naddress = 0\ntype = "float"');
  assert.deepEqual(failures(await check(good)), []);
  const f = failures(await check(good.replace('keep_alive = 60', 'keepalive = 60').replace('address = 0', 'address = "0"')));
  assert.deepEqual(f, [
    'docs/test/example.md:3 triton.toml 没有键 upstream.keepalive（参考：glossary/registry/triton.yaml）',
    'docs/test/example.md:8 triton.toml 的 local.modbus_tcp.points[].address 应为整数，这里是 "0"',
  ]);
});

test('bash: syntax errors and ShellCheck warnings; shell sessions: the commands after $ prompts', async () => {
  const f = failures(await check(fence('bash', 'for f in *.log; do\n  echo "$f"\n')));
  assert.match(f[0], /^docs\/test\/example\.md:\d+ bash -n：/);
  const g = failures(await check(fence('bash', 'cd /tmp\nrm -rf $DIR/*')));
  assert.ok(g.some((x) => /:2 shellcheck warning/.test(x)), g.join('\n'));
  const session = blocksOf('x.md', fence('shell-session', '$ ls \\\n  -l\ntotal 0\n$ echo ok\nok'))[0];
  assert.deepEqual(sessionCommands(session), [{line: 2, command: 'ls \\\n  -l'}, {line: 5, command: 'echo ok'}]);
  const h = failures(await check(fence('shell-session', '$ echo "unterminated\nout')));
  assert.match(h[0], /:2 bash -n（会话中的命令）/);
  assert.match(failures(await check(fence('shell-session', 'only output')))[0], /没有以「\$ 」开头的命令行/);
});

test('opting out needs a reason, is counted and printed; the last line is the summary', async () => {
  const report = await check([fence('shell-session skip-check="PowerShell 会话"', 'PS C:\\> dir'), fence('bash skip-check', 'ls'), fence('text', 'x')].join('\n'));
  assert.equal(report.optOuts.length, 1);
  assert.equal(report.unchecked, 1);
  const lines = formatReport(report);
  assert.ok(lines.includes('  docs/test/example.md:1 [shell-session] PowerShell 会话'), lines.join('\n'));
  assert.ok(lines.some((l) => /skip-check 必须写明/.test(l)));
  assert.equal(lines.at(-1), 'examples: 1 checked, 1 failed');
});

test('upload.mjs as first published (retries 40101, drops data after three 429) fails its run scenario', async () => {
  const oldUpload = `const URL = \`\${process.env.NEPTUNE_BASE_URL}/api/v2/devices/DEV-20240318-0004/data\`;
/** @param {Record<string, unknown>} values */
async function upload(values, ts = Date.now()) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await fetch(URL, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({ts, values})});
      const body = await res.json();
      if (body.code === 0) return body.data;
      if (body.code !== 42901) throw new Error(\`\${body.code} \${body.message}\`);
    } catch (err) {
      if (attempt === 3) throw err;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
await upload({power_kw: 42.8});`;
  const f = failures(await check(fence('javascript title="upload.mjs" run="neptune-upload"', oldUpload)));
  assert.ok(f.some((x) => /「限流一直持续：重试 3 次后报错退出」：应报错退出，实际退出码 0/.test(x)), f.join('\n'));
  assert.ok(f.some((x) => /「密钥错误（401 \/ 40101）：不重试，报错退出」：应发出 1 次请求，实际 3 次/.test(x)), f.join('\n'));
});

test('janus.yaml: the protocol selects the connection schema, and non-Triton data definitions need an address', async () => {
  const body = (connection: object, definition: object) => JSON.stringify({name: '2 号机', protocol: 'modbus-tcp', connection, dataDefinitions: [definition]});
  const page = (json: string) => ['## 请求方法与路径 {#endpoint}', '', fence('text', 'POST /api/v1/devices'), '', '## 请求示例 {#request-example}', '', fence('json', json)].join('\n');
  const definition = {identifier: 'temperature', name: '温度', dataType: 'float', access: 'r', address: 'IR:0'};
  const file = 'docs/janus/api/device/create-device.md';
  assert.deepEqual(failures(await check(page(body({host: '192.168.10.31', port: 502}, definition)), file)), []);
  const noHost = failures(await check(page(body({port: 502}, definition)), file));
  assert.deepEqual(noHost, ["docs/janus/api/device/create-device.md:10 不符合 janus.yaml POST /devices 的请求体：/connection must have required property 'host'"]);
  const noAddress = failures(await check(page(body({host: '192.168.10.31'}, {...definition, address: undefined})), file));
  assert.ok(noAddress.some((x) => /\/dataDefinitions\/0 must have required property 'address'/.test(x)), noAddress.join('\n'));
});

test('a Go fragment declared with harness="go-declarations" is compiled inside the harness, errors at page lines', async () => {
  assert.deepEqual(failures(await check(fence('go harness="go-declarations"', 'type ReceiveFunc func(commandID string, ts int64) error'))), []);
  const f = failures(await check(['说明', '', fence('go harness="go-declarations"', 'type Pair struct {\n\tA int\n}\n\nvar p = Pair{A: "x"}')].join('\n')));
  assert.equal(f.length, 1, f.join('\n'));
  assert.match(f[0], /^docs\/test\/example\.md:8 go vet：.*"x"/);
  const g = failures(await check(fence('go harness="no-such-harness"', 'type T int')));
  assert.match(g[0], /未知的 harness「no-such-harness」/);
});

test('a Go block titled *_test.go runs with go test, so a documented Output must match', async () => {
  const example = (out: string) => fence('go title="scale_test.go"', `package scale\n\nimport "fmt"\n\nfunc Example() {\n\tfmt.Println(25.3 * 10)\n\t// Output: ${out}\n}`);
  assert.deepEqual(failures(await check(example('253'))), []);
  const f = failures(await check(example('252')));
  assert.equal(f.length, 1, f.join('\n'));
  assert.match(f[0], /go test 失败：.*got:.*253.*want:.*252/s);
});

test('a cpp block is compiled by g++', async () => {
  assert.deepEqual(failures(await check(fence('cpp', '#include <triton.h>\n#include <string>\n\nstd::string name() { return "triton"; }'), 'docs/triton/developer/linux/demo.md')), []);
  const f = failures(await check(fence('cpp', '#include <string>\n\nstd::string name() { return 1.5; }'), 'docs/triton/developer/linux/demo.md'));
  assert.match(f[0], /:4 g\+\+ /);
});

test('an app.json block must be a janus.AppManifest; an excerpt declares harness="app-json-excerpt"', async () => {
  const manifest = {appId: 'APP-20250320-0007', name: '主轴状态看板', version: '1.4.0', menus: [{name: 'overview', title: '设备总览', page: 'pages/overview.html'}], privileges: ['device:read']};
  assert.deepEqual(failures(await check(fence('json title="app.json"', JSON.stringify(manifest, null, 2)))), []);
  const typo = failures(await check(fence('json title="app.json"', JSON.stringify({...manifest, privilege: ['device:read']}, null, 2))));
  assert.ok(typo.some((x) => /tsc TS2561|tsc TS2353/.test(x) && /privilege/.test(x)), typo.join('\n'));
  const excerpt = fence('json title="app.json" harness="app-json-excerpt"', '{\n  "menus": [{ "name": "alarms", "title": "告警记录", "page": "pages/alarms.html" }]\n}');
  assert.deepEqual(failures(await check(excerpt)), []);
  assert.equal(failures(await check(excerpt.replace(' harness="app-json-excerpt"', ''))).length, 1);
});

test('a Python block with an undefined name fails with page:line, a correct one passes', async () => {
  const bad = ['# 示例', '', fence('python', 'import json\n\nprint(json.dumps(payload))')].join('\n');
  const f = failures(await check(bad));
  assert.deepEqual(f, ["docs/test/example.md:6 pyflakes：undefined name 'payload'"]);
  const good = ['# 示例', '', fence('python', 'import json\n\npayload = {"ts": 1}\nprint(json.dumps(payload))')].join('\n');
  assert.deepEqual(failures(await check(good)), []);
});
