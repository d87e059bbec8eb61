/**
 * Debian's Chromium and the flags it needs on this closed network (Playwright cannot download its
 * own browser here). Shared by playwright.config.ts and the benchmark scripts.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
