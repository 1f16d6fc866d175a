import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * Drives the BUILT product (`npm run build` first) in Debian's Chromium: Playwright's own
 * browser download does not work offline. Each run starts the server on a fresh data dir.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // One folder per port: two runs on one machine (another checkout's) never delete each other's traces.
  outputDir: path.join(os.tmpdir(), `qmgt-e2e-results-${PORT}`),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /content\.spec\.ts/ },
    // Publishing new terms asks every signed-in user to accept them: run after the rest, so
    // that no other journey meets the prompt halfway.
    { name: 'content', use: { browserName: 'chromium' }, testMatch: /content\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: `node ${path.join(root, 'apps/api/dist/server.js')}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: path.join(os.tmpdir(), `qmgt-e2e-${process.pid}-${Date.now()}`),
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address.
      RATE_LIMIT_AUTH_MAX: '10000',
      // The back-office journeys sign in as this operator.
      OPERATOR_EMAIL: 'ops@e2e.qmgt.test',
      OPERATOR_PASSWORD: 'operator-e2e-pass-1',
      // One confirmation keeps deposits and settlements quick in the journeys.
      DEPOSIT_CONFIRMATIONS: '1',
      // Referral rewards vest at once, so that a journey can claim one (30 days by default).
      REWARD_VESTING_DAYS: '0',
      DEPOSIT_SCAN_MS: '500',
    },
  },
});
