#!/usr/bin/env node
// The npm registry reachable here lacks some platform builds of @swc/core, @swc/html and rollup
// (darwin, win32, …; rollup comes with @docusaurus/plugin-pwa's workbox-build). `npm install` then leaves them out of package-lock.json, and `npm ci` refuses the
// lock as "Missing: … from lock file". This adds each missing optional platform package with its
// os/cpu/libc, so npm ci skips it on this platform as it would with a complete lock.
// Run after any `npm install` that rewrites the lock: node scripts/lockfile-platform-entries.mjs
import fs from 'node:fs';

const lockPath = 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const OS = {darwin: 'darwin', linux: 'linux', win32: 'win32', freebsd: 'freebsd', android: 'android', openbsd: 'openbsd', openharmony: 'openharmony'};
const CPU = {arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64'};

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (!/^@(swc|rollup)\//.test(name)) continue;
    const entry = `node_modules/${name}`;
    if (lock.packages[entry] || lock.packages[`${key}/${entry}`]) continue;
    const parts = name.split('/')[1].split('-').slice(1); // e.g. rollup-linux-arm-musleabihf → linux arm musleabihf
    const os = OS[parts[0]];
    const cpu = CPU[parts[1]];
    if (!os || !cpu) continue;
    const libc = parts.some((p) => p.startsWith('musl')) ? ['musl'] : parts.some((p) => p.startsWith('gnu')) ? ['glibc'] : undefined;
    lock.packages[entry] = {version, optional: true, os: [os], cpu: [cpu], ...(libc && {libc}), license: name.startsWith('@rollup/') ? 'MIT' : 'Apache-2.0 AND MIT'};
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json：补充了 ${added} 个平台可选包条目`);
