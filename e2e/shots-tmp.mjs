import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18731';
const [demo, fresh] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const pages = [
  ['income', '/income', demo],
  ['income-records', '/income#cash-out', demo],
  ['withdraw', '/income/withdraw', demo],
  ['withdraw-new', '/income/withdraw', fresh],
  ['app', '/income/app', demo],
  ['my-task', '/profile/task', demo],
];
for (const [w, h, mobile] of [[1440, 900, false], [390, 844, true]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  for (const [name, path, token] of pages) {
    const page = await context.newPage();
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/income-probe/${name}-${w}.png`, fullPage: !path.includes('#') });
    if (name === 'income' && mobile) {
      await page.locator('[data-testid=order-filters] .arco-picker').click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/income-probe/month-${w}.png` });
    }
    if (name === 'income-records') {
      const cancel = page.getByTestId('cash-out-cancel').first();
      if (await cancel.count()) { await cancel.click(); await page.waitForTimeout(600); await page.screenshot({ path: `/tmp/income-probe/cancel-confirm-${w}.png` }); await page.keyboard.press('Escape'); }
      await page.getByTestId('cash-out-open').first().click(); await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/income-probe/detail-${w}.png` });
    }
    await page.close();
  }
  await context.close();
}
await browser.close();
