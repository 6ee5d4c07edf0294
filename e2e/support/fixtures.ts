/**
 * Helpers the specs share: fresh phone numbers, reading codes from the dev outbox, logging in through the modal, and
 * the product's recurring landmarks found as a person finds them, by role and name.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The login modal, by its title. */
export const loginModal = (page: Page) => page.getByRole('dialog', { name: '欢迎来到创作者中心' });

/** The invitation to apply that follows a first login on the default layout. */
export const applyInvite = (page: Page) => page.getByRole('dialog', { name: '欢迎加入创作者中心' });

/** The top bar of any layout. */
export const topBar = (page: Page) => page.getByRole('banner');

/** The default layout's avatar button; its name is the nickname (none on a phone) and 账号菜单. */
export const accountButton = (page: Page) => topBar(page).getByRole('button', { name: '账号菜单' });

/** The menu the avatar button opens. */
export const accountMenu = (page: Page) => page.getByRole('menu', { name: '账号菜单' });

/** The '推广' button of a task card (or of any task). */
export const promotionButtons = (scope: Page | Locator) => scope.getByRole('button', { name: '推广', exact: true });

/** The task cards of the task center or the home page: the links that carry a '推广' button. */
export const taskCards = (page: Page) => page.getByRole('link').filter({ has: promotionButtons(page) });

/** The '推广链接' dialog a promotion button opens. */
export const promotionDialog = (page: Page) => page.getByRole('dialog', { name: '推广链接' });

/** The points modal, on either of its views. */
export const pointsModal = (page: Page) => page.getByRole('dialog', { name: /^积分(明细|充值)$/ });

/** A tool of the AI workspace's nav, by its name: a tab on a phone, a menu item on a desktop. */
export function toolNav(page: Page, name: string) {
  const tab = page.getByRole('tablist', { name: '工具', exact: true }).getByRole('tab', { name });
  const item = page.getByRole('menu', { name: '工具', exact: true }).getByRole('menuitem', { name });
  return tab.or(item);
}

/** A table's rows of data (its header row left out), e.g. the records of an income section on a desktop. */
export const dataRows = (scope: Locator) => scope.getByRole('row').filter({ has: scope.page().getByRole('cell') });

/** A withdraw method of /income/withdraw (银行卡, 支付宝): a radio named by its kind and account. */
export const withdrawMethod = (page: Page, kind: '银行卡' | '支付宝') =>
  page.getByRole('radio', { name: new RegExp(`^${kind}`) });

/** The dialog that adds or changes an Alipay payee account. */
export const alipayForm = (page: Page) => page.getByRole('dialog', { name: '支付宝信息' });

/** Fills a new Alipay payee account's identity (a fresh valid ID number) and account; answers the form. */
export async function fillAlipayPayee(page: Page, { realName, account }: { realName: string; account: string }) {
  const payee = alipayForm(page);
  await payee.getByRole('textbox', { name: '真实姓名' }).fill(realName);
  await payee.getByRole('textbox', { name: '身份证号' }).fill(freshIdNumber());
  await payee.getByRole('textbox', { name: '支付宝账号' }).fill(account);
  return payee;
}

/** The service agreement's dialog. */
export const agreementDialog = (page: Page) => page.getByRole('dialog', { name: '服务协议' });

/** The workspace's first-visit tour, driver.js's dialog named by its first step. */
export const toolTour = (page: Page) => page.getByRole('dialog', { name: '选择工具' });

/**
 * Uploads `file` in the workspace's media library as a person does: the drop area opens the file chooser. The upload
 * list and the media's cards then follow.
 */
export async function uploadToLibrary(page: Page, file: string) {
  await toolNav(page, '素材库').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^拖拽视频|^点击从相册|^点击选择视频/ }).click();
  await (await chooser).setFiles(file);
}

/** A medium's card in the library: a group named by the medium. */
export const libraryMedium = (page: Page, name: string) => page.getByRole('group', { name });

/** Picks the library medium `name` for the open tool through 选择素材. */
export async function pickMedium(page: Page, name: string) {
  await page.getByRole('button', { name: '选择素材' }).click();
  const picker = page.getByRole('dialog', { name: '从素材库选择' });
  await picker.getByRole('checkbox', { name }).first().click();
  await picker.getByRole('button', { name: /^确定/ }).click();
}

/** A tool's panel (批量去重, 高能混剪), a region named by its title. */
export const toolPanel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * An option card of a tool (去重方式: 翻转, 画中画…), by its name: what a person taps. Arco's checkbox behind it is a
 * 0×0 input, found by role only to read its state (`optionBox`).
 */
export const optionCard = (panel: Locator, name: string) => panel.getByText(name, { exact: true });
export const optionBox = (panel: Locator, name: string) =>
  panel.getByRole('checkbox', { name: new RegExp(`^${name}`) });

/** A job's card of the workspace, a region named by its tool and number (批量去重 · 任务 1). */
export const jobCard = (page: Page) => page.getByRole('region', { name: /· 任务 \d+$/ });

/** The payment dialog of a points order. */
export const paymentDialog = (page: Page) => page.getByRole('dialog', { name: '支付订单' });

/** The tool bar's points balance, a button named 积分 and the number (the word is out of sight on a phone). */
export const pointsBalance = (page: Page) => topBar(page).getByRole('button', { name: /^积分\s*(\d+|--)$/ });

/** A points package card of the points list, by its name (进阶包 is the 30 yuan one). */
export const pointsPackage = (scope: Page | Locator, name: string) => scope.getByRole('button', { name });

/** The two widths a screen is checked at: a desktop and a phone, as `test.use` options. */
export const DESKTOP_AND_PHONE = [
  ['at 1440 px', { viewport: { width: 1440, height: 900 } }],
  ['on a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

let counter = 0;
export function freshPhone(): string {
  counter += 1;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `137${stamp}${String(counter).padStart(2, '0')}`;
}

/** The last code `readCode` returned per phone: the next read waits for a newer one. */
const lastRead = new Map<string, string>();

/**
 * The code just sent to `phone`, from the development outbox. A phone that got a code earlier in the run (the demo
 * creator logs in once per viewport) still shows that one until the new send lands: wait for a code newer than the
 * last one read, never hand back a spent code.
 */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let latest: { code: string; created_at: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/sms/outbox?phone=${phone}`);
      const json = (await response.json()) as { body: { data: { code: string; created_at: string }[] } };
      latest = json.body.data[0];
      if (!latest || `${latest.created_at} ${latest.code}` === lastRead.get(phone)) return '';
      return latest.code;
    })
    .toMatch(/^\d{6}$/);
  lastRead.set(phone, `${latest!.created_at} ${latest!.code}`);
  return latest!.code;
}

export async function openLoginModal(page: Page) {
  await topBar(page).getByRole('button', { name: '登录', exact: true }).click();
  const modal = loginModal(page);
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * Logs in through the real modal: phone, get-code, code from the outbox, terms, submit. On the default layout a
 * creator without an application is then invited to apply: dismissed unless `keepApplyInvite`.
 */
export async function loginThroughModal(
  page: Page,
  phone: string,
  { keepApplyInvite = false, modalOpen = false } = {},
) {
  const modal = modalOpen ? loginModal(page) : await openLoginModal(page);
  await modal.getByPlaceholder('请输入手机号').fill(phone);
  await modal.getByRole('button', { name: '获取验证码' }).click();
  await expect(modal.getByText(/\d+s后重新发送/)).toBeVisible();
  const code = await readCode(page.request, phone);
  await modal.getByPlaceholder('请输入验证码').fill(code);
  await modal.getByText('我已阅读并同意').click();
  await expect(modal.getByRole('checkbox')).toBeChecked();
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(modal).toBeHidden();
  const ownLayout = /^\/(tool|ai|gift)(\/|$)/.test(new URL(page.url()).pathname);
  if (ownLayout || keepApplyInvite) return;
  const invite = applyInvite(page);
  await invite.getByRole('button', { name: '稍后再说' }).click();
  await expect(invite).toBeHidden();
}

/** The books check (`GET /ops/v1/reconciliation`): every wallet and points balance agrees with its ledger. */
export async function expectBooksBalanced(request: APIRequestContext, operatorToken: string) {
  const response = await request.get('/ops/v1/reconciliation', {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  const json = (await response.json()) as { code: number; body: { balanced: boolean; discrepancies: unknown[] } };
  expect(json.code).toBe(0);
  expect(json.body.discrepancies).toEqual([]);
  expect(json.body.balanced).toBe(true);
}

/** A valid 18-digit ID number (a Beijing region, a 1990 birthday, a checksum that holds), new for every run. */
export function freshIdNumber(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const seq = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const body = `11010519900${1 + Math.floor(Math.random() * 9)}${day}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/**
 * The creator's first share, settled: they open the first task's promotion dialog, a reader follows the link and
 * recharges in the demo app, and an operator runs the settlement (the e2e server holds shares for a second).
 */
export async function earnSettledShare(page: Page, request: APIRequestContext, operatorToken: string) {
  await promotionButtons(taskCards(page).first()).click();
  // The link is a value beside its label, which names no role: its test id.
  const link = (await promotionDialog(page).getByTestId('value-serial_link').textContent())?.trim();
  expect(link).toMatch(/\/s\/[A-Z2-9]{8}$/);
  const reader = await page.context().newPage();
  await reader.goto(link!);
  await reader.getByRole('button', { name: '模拟充值' }).click();
  await expect(reader.getByText(/^已上报/)).toBeVisible();
  await reader.close();
  await expect
    .poll(async () => {
      const run = await request.post('/ops/v1/settlement/run', {
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      return ((await run.json()) as { body: { settled_count: number } }).body.settled_count;
    })
    .toBeGreaterThanOrEqual(1);
}

/**
 * Logs `phone` in through the API (a login code from the development outbox) and answers its token. A phone that got
 * a code in the last minute waits out its cooldown: the send is retried until the server takes it.
 */
export async function apiToken(request: APIRequestContext, phone: string): Promise<string> {
  const headers = { vendor: 'default' };
  await expect
    .poll(
      async () => {
        const sent = await request.post('/agent/v1/user/send_code', { headers, data: { phone, type: 1 } });
        return ((await sent.json()) as { code: number }).code;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(0);
  const code = await readCode(request, phone);
  const login = await request.post('/agent/v1/user/login', { headers, data: { phone, code } });
  const json = (await login.json()) as { code: number; msg: string; body: { access_token: string } };
  expect(json.code, json.msg).toBe(0);
  return json.body.access_token;
}

/** A fresh creator logged in from /task, who has claimed the free 100 points on /gift to pay for tool runs. */
export async function creatorWithFreePoints(page: Page) {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/gift');
  await page.getByRole('button', { name: /^免费领取/ }).click();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
}

/** Adds every episode of the demo serial `serial` to the library from its task's page. */
export async function addSerialToLibrary(page: Page, serial: string) {
  const response = await page.request.get(
    `/agent/v1/task/page?task_type=1&page_num=1&page_size=20&keyword=${encodeURIComponent(serial)}`,
    { headers: { vendor: 'default' } },
  );
  const json = (await response.json()) as { body: { data: { task_id: number; serial_name: string }[] } };
  const taskId = json.body.data.find((task) => task.serial_name === serial)!.task_id;
  await page.goto(`/task-detail?task_id=${taskId}&task_type=1`);
  await page.getByRole('button', { name: '加入素材库' }).click();
  await expect(page.getByText(/^已添加 \d+ 集到素材库/)).toBeVisible();
}

/** Opens the workspace at `url` (a tool chosen by `?tool=`) and closes the first visit's guided tour. */
export async function openToolPastTour(page: Page, url = '/tool') {
  await page.goto(url);
  const tour = toolTour(page);
  await expect(tour).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
}

/**
 * Confirms the points a run costs, then follows its job card (a small job may finish before the first look) until
 * 已完成 within `timeout` ms with one output. The card and its outputs.
 */
export async function confirmRunUntilDone(page: Page, timeout: number) {
  await page
    .getByRole('dialog', { name: '确认消耗积分' })
    .getByRole('button', { name: /^确认并消耗/ })
    .click();
  const card = jobCard(page);
  await expect(card).toBeVisible();
  const status = card.getByRole('status');
  await expect(status).toHaveText(/排队中|处理中|已完成/);
  await expect(status).toHaveText('已完成', { timeout });
  const outputs = card.getByRole('group', { name: /^成片/ });
  await expect(outputs).toHaveCount(1);
  return { card, outputs };
}

/** Downloads an output through its 下载 link and saves it; its suggested name and the kinds of its streams. */
export async function downloadOutput(page: Page, outputs: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    outputs.getByRole('link', { name: /^下载/ }).click(),
  ]);
  const saved = path.join(os.tmpdir(), `cc-e2e-output-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  const streams = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type',
    '-of',
    'csv=p=0',
    saved,
  ])
    .toString()
    .trim()
    .split('\n');
  return { filename: download.suggestedFilename(), streams };
}
