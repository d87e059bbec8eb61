import {defineConfig, devices} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 3210);
// The hosted-Algolia build (ALGOLIA_* set at build time) is served beside the default one.
const hostedPort = port + 1;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: {timeout: 7_000},
  reporter: [['list'], ['json', {outputFile: 'test-results/e2e-results.json'}]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    colorScheme: 'light',
    trace: 'off',
    // The offline-reading worker caches pages and assets; only e2e/offline.spec.ts lets it run,
    // so request interception in the other tests sees every request.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /(search-hosted|nginx)\.spec\.ts/,
      use: {...devices['Desktop Chrome'], channel: undefined},
    },
    {
      // The production nginx configuration (deploy/nginx) serving build/: each worker starts nginx.
      name: 'nginx',
      testMatch: /nginx\.spec\.ts/,
      // As readers get it: the crawl also checks the offline-reading worker under the CSP.
      use: {...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'allow'},
    },
    {
      name: 'hosted-search',
      testMatch: /search-hosted\.spec\.ts/,
      use: {...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${hostedPort}`},
    },
  ],
  webServer: [
    {
      command: `npx docusaurus serve --dir build --port ${port} --host 127.0.0.1 --no-open`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx docusaurus serve --dir build-hosted --port ${hostedPort} --host 127.0.0.1 --no-open`,
      url: `http://127.0.0.1:${hostedPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
