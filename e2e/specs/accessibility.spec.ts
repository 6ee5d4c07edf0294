/**
 * Accessibility: axe-core on every page of the product, as an anonymous visitor and as the demo
 * creator, on a desktop (1440 px) and on a phone (390 px): no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DESKTOP_AND_PHONE } from '../support/fixtures.js';

const DEMO_CREATOR = '13800138000';

/** The demo creator's token, one login for the file (a second within a minute would wait out the code cooldown). */
let demoToken: string | undefined;

const PUBLIC_PAGES = ['/ai', '/task', '/help', '/agreement/user', '/agreement/privacy', '/qr-login'];
const CREATOR_PAGES = [
  '/home',
  '/task',
  '/task-detail?task_id=1',
  '/income',
  '/income/withdraw',
  '/income/app',
  '/apply',
  '/profile',
  '/profile/task',
  '/profile/team',
  '/profile/account',
  '/gift',
  '/tool',
  '/tool?tool=dedup',
  '/tool?tool=mixcut',
  '/tool?tool=media',
  '/tool?tool=operate',
];

interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function seriousFindings(page: Page, url: string): Promise<Finding[]> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: url,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
}

for (const [name, use] of DESKTOP_AND_PHONE) {
  test.describe(name, () => {
    test.use(use);
    // The workspace's first-visit tour would be what axe reads on /tool.
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 })));
    });

    test('public pages: no serious or critical violation', async ({ page }) => {
      test.setTimeout(120_000);
      const findings: Finding[] = [];
      for (const url of PUBLIC_PAGES) findings.push(...(await seriousFindings(page, url)));
      expect(findings).toEqual([]);
    });

    test("the demo creator's pages: no serious or critical violation", async ({ page }) => {
      test.setTimeout(240_000);
      demoToken ??= await apiToken(page.request, DEMO_CREATOR);
      const token = demoToken;
      await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
      const findings: Finding[] = [];
      for (const url of CREATOR_PAGES) findings.push(...(await seriousFindings(page, url)));
      expect(findings).toEqual([]);
    });
  });
}
