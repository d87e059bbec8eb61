// Go blocks: gofmt, then `go vet` and `go build` (or `go test` for a `*_test.go` block) of every block
// at once, in GOPATH mode so that nothing is downloaded. GOPATH holds, in this order:
// - .cache/examples/go/gopath: the generated example.com/triton/go (./triton-stub.ts), the
//   simonvetter/modbus declarations (./simonvetter-modbus.go) and one package per block;
// - /usr/share/gocode: the Debian packages of the other libraries the examples import
//   (golang-github-goburrow-modbus-dev, golang-github-eclipse-paho.mqtt.golang-dev).
// The Go build cache lives in .cache/examples/go/build (ignored by git), so a second run compiles only
// what changed.
import fs from 'node:fs';
import path from 'node:path';
import {slug, type Block, type Problem} from '../blocks';
import {pageLine, pool, run, wrap, type Wrapped} from '../run';
import {tritonGoApi, tritonGoStub} from './triton-stub';

/** Import path → Debian package that provides it under /usr/share/gocode. */
export const DEBIAN_GO_PACKAGES: Record<string, string> = {
  'github.com/goburrow/modbus': 'golang-github-goburrow-modbus-dev',
  'github.com/eclipse/paho.mqtt.golang': 'golang-github-eclipse-paho.mqtt.golang-dev',
};
const DEBIAN_GOPATH = '/usr/share/gocode';

/** gofmt's verdict on a Go block: null when it is formatted, else the reason (with the first line that differs). */
export async function gofmtProblem(block: Block): Promise<Problem | null> {
  const r = await run('gofmt', [], {input: block.code + '\n'});
  if (r.missing) return {message: '没有安装 gofmt（Debian 软件包 golang-go）'};
  if (r.code !== 0) {
    const m = r.stderr.match(/<standard input>:(\d+):\d+: (.*)/);
    return {line: m ? block.line + Number(m[1]) : block.line, message: `Go 代码无法解析：${m ? m[2] : r.stderr.trim()}`};
  }
  if (r.stdout.trimEnd() === block.code.trimEnd()) return null;
  const want = r.stdout.trimEnd().split('\n');
  const have = block.code.trimEnd().split('\n');
  const i = want.findIndex((l, k) => l !== have[k]);
  const n = i < 0 ? Math.min(want.length, have.length) : i;
  return {line: block.line + n + 1, message: `Go 代码未按 gofmt 格式化（应为：${JSON.stringify(want[n] ?? '')}）`};
}

interface Unit {
  block: Block;
  dir: string;
  file: string;
  wrapped: Wrapped;
  problems: Problem[];
}

export async function checkGo(blocks: Block[], cacheDir: string, root: string): Promise<Map<Block, Problem[]>> {
  const results = new Map<Block, Problem[]>(blocks.map((b) => [b, []]));
  if (blocks.length === 0) return results;
  const goDir = path.join(cacheDir, 'go');
  const gopath = path.join(goDir, 'gopath');
  const examplesDir = path.join(gopath, 'src', 'examples');
  fs.rmSync(examplesDir, {recursive: true, force: true});
  writeIfChanged(path.join(gopath, 'src', 'example.com', 'triton', 'go', 'triton.go'), tritonGoStub(tritonGoApi(root)));
  writeIfChanged(
    path.join(gopath, 'src', 'github.com', 'simonvetter', 'modbus', 'modbus.go'),
    fs.readFileSync(path.join(__dirname, 'simonvetter-modbus.go'), 'utf8'),
  );
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPATH: `${gopath}:${DEBIAN_GOPATH}`,
    // The build cache is shared by every run (safe for concurrent use), whatever the work folder.
    GOCACHE: path.join(root, '.cache', 'examples', 'go', 'build'),
    GOFLAGS: '',
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
  };

  const units: Unit[] = [];
  for (const block of blocks) {
    const problems = results.get(block)!;
    let wrapped: Wrapped;
    try {
      wrapped = wrap(block, 'go');
    } catch (e) {
      problems.push({message: (e as Error).message});
      continue;
    }
    if (!/^package \w+/m.test(wrapped.source)) {
      problems.push({message: 'Go 代码块不是完整的源文件（没有 package 子句）：补全它，或在 meta 中声明 harness="…"'});
      continue;
    }
    for (const imp of wrapped.source.matchAll(/^\s*(?:\w+\s+)?"([\w.-]+\.[\w.-]+\/[^"]+)"/gm)) {
      const deb = Object.entries(DEBIAN_GO_PACKAGES).find(([p]) => imp[1] === p || imp[1].startsWith(p + '/'));
      if (deb && !fs.existsSync(path.join(DEBIAN_GOPATH, 'src', deb[0]))) {
        problems.push({message: `缺少 Go 依赖 ${deb[0]}：安装 Debian 软件包 ${deb[1]}（npm test 会自动安装）`});
      }
    }
    const dir = path.join(examplesDir, slug(block));
    const base = path.basename(block.meta.title ?? '');
    const file = path.join(dir, base.endsWith('.go') ? base : 'main.go');
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(file, wrapped.source);
    units.push({block, dir, file, wrapped, problems});
  }

  await pool(blocks, async (block) => {
    const p = await gofmtProblem(block);
    if (p) results.get(block)!.push(p);
  });

  const ready = units.filter((u) => u.problems.length === 0);
  const pkgs = ready.map((u) => `examples/${path.basename(u.dir)}`);
  if (pkgs.length === 0) return results;
  const report = (out: string, tool: string) => {
    for (const m of out.matchAll(/^(?:vet: )?(\S+?\.go):(\d+)(?::\d+)?: (.*)$/gm)) {
      const file = path.resolve(gopath, 'src', m[1]);
      const unit = ready.find((u) => u.file === file || u.file === path.resolve(m[1]) || u.file.endsWith('/' + m[1].replace(/^\.\//, '')));
      if (!unit) continue;
      const line = pageLine(unit.block, unit.wrapped, Number(m[2]));
      unit.problems.push({line: line ?? unit.block.line, message: `${tool}：${m[3]}${line ? '' : '（harness 中）'}`});
    }
  };
  const vet = await run('go', ['vet', ...pkgs], {cwd: path.join(gopath, 'src'), env});
  if (vet.missing) {
    for (const u of ready) u.problems.push({message: '没有安装 go（Debian 软件包 golang-go）'});
    return results;
  }
  report(vet.stderr, 'go vet');
  const buildable = ready.filter((u) => u.problems.length === 0);
  const tests = buildable.filter((u) => u.file.endsWith('_test.go'));
  const builds = buildable.filter((u) => !u.file.endsWith('_test.go'));
  if (builds.length) {
    // One main package would be linked into the working directory; several are compiled and discarded.
    const names = builds.map((u) => `examples/${path.basename(u.dir)}`);
    const retry = await run('go', ['build', ...(names.length === 1 ? ['-o', '/dev/null'] : []), ...names], {cwd: path.join(gopath, 'src'), env});
    report(retry.stderr, 'go build');
    if (retry.code !== 0 && builds.every((u) => u.problems.length === 0)) {
      for (const u of builds) u.problems.push({message: `go build 失败：${retry.stderr.trim().split('\n').slice(0, 3).join(' ')}`});
    }
  }
  for (const u of tests) {
    const t = await run('go', ['test', '-count=1', `examples/${path.basename(u.dir)}`], {cwd: path.join(gopath, 'src'), env, timeoutMs: 60_000});
    if (t.code !== 0) {
      report(t.stdout + t.stderr, 'go test');
      if (u.problems.length === 0) u.problems.push({message: `go test 失败：${(t.stdout + t.stderr).trim().split('\n').slice(0, 6).join(' | ')}`});
    }
  }
  if (vet.code !== 0 && ready.every((u) => u.problems.length === 0)) {
    for (const u of ready) u.problems.push({message: `go vet 失败：${vet.stderr.trim().split('\n').slice(0, 3).join(' ')}`});
  }
  return results;
}

function writeIfChanged(file: string, content: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, content);
}
