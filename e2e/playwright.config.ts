/**
 * End-to-end suite: the built product (server + web app on one port, fresh SQLite with demo data) driven by
 * Debian's Chromium. Never downloads a browser.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port no other program holds, chosen once by the runner and handed to its workers through the environment
 * (they load this file again and must reach the same server). Set E2E_PORT to choose one yourself.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
process.env.E2E_PORT ??= String(freePort());
const port = Number(process.env.E2E_PORT);
/** The fake AI services (language, recognition, speech) the product is configured with. */
process.env.E2E_FAKE_AI_PORT ??= String(freePort());
const fakeAiPort = Number(process.env.E2E_FAKE_AI_PORT);
const fakeAiBaseUrl = `http://127.0.0.1:${fakeAiPort}/v1`;
/** The operator API's token on the e2e server (settlement runs, reviews). */
export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-'));
const chromium = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => fs.existsSync(p));

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(os.tmpdir(), 'cc-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      command: 'node --import tsx apps/server/test/fake-ai-main.ts',
      cwd: '..',
      port: fakeAiPort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { FAKE_AI_PORT: String(fakeAiPort) },
    },
    {
      command: 'node --import tsx apps/server/src/bin/server.ts',
      cwd: '..',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        OPERATOR_TOKEN,
        // Every creator of the suite asks for codes from this one machine's address: the per-IP caps are for the
        // internet, not for sixty test users on loopback.
        SMS_LIMIT_PER_IP_PER_HOUR: '1000',
        SMS_LIMIT_PER_IP_PER_DAY: '5000',
        // The support popover's copy-the-WeChat-ID action on phones.
        SUPPORT_WECHAT_ID: 'cc-kefu-7x24',
        // Shares settle one second after their order, so the income loop runs without waiting three days.
        SETTLEMENT_HOLD_SECONDS: '1',
        // Every AI tool runs against the fake services: deterministic answers, speech made with espeak-ng.
        ...Object.fromEntries(
          ['LLM', 'ASR', 'TTS'].flatMap((service) => [
            [`${service}_BASE_URL`, fakeAiBaseUrl],
            [`${service}_API_KEY`, 'e2e-fake-key'],
            [`${service}_MODEL`, `fake-${service.toLowerCase()}`],
          ]),
        ),
        TTS_VOICES: 'fake-zh:小云（服务音色）,fake-en:Ava（服务音色）',
      },
    },
  ],
});
