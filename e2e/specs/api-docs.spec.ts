/**
 * The API reference (ADR 0031): /docs/ renders /openapi.json in Chromium with Scalar, served by the product itself
 * (no CDN), under a CSP that allows only its own inline script — no violation is reported.
 */
import { expect, test } from '@playwright/test';

test('the reference page renders the generated document, offline and without a CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) outside.push(url.href);
  });
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs\/$/);
  await expect(page.getByRole('heading', { name: '创作者中心 API' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('下单购买积分套餐').first()).toBeVisible();
  await expect(page.getByText('Deploy Fastify')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('api-docs-1440.png'), fullPage: false });
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
