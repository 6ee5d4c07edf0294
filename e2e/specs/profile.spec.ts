/** Personal information: a creator uploads an avatar on /profile and the top bar shows it. */
import { expect, test } from '@playwright/test';
import { accountButton, freshPhone, loginThroughModal } from '../support/fixtures.js';

/** The smallest real PNG (1×1), handed to the file chooser as bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('upload an avatar on /profile → the top bar shows it; a wrong file is refused in Chinese', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/task');
  await loginThroughModal(page, phone);
  await page.goto('/profile');

  // Values beside their labels have no role to be named by them: test ids (see the page's `Row`).
  await expect(page.getByTestId('profile-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await expect(page.getByTestId('profile-real-name')).toContainText('未认证');
  await expect(page.getByTestId('profile-contract')).toContainText('未签署');
  await expect(page.getByTestId('profile-leader')).toHaveText('无（未通过邀请加入）');
  // The top bar's picture is hidden from screen readers (the button's name says whose it is): found as an element.
  const topBarAvatar = accountButton(page).locator('img');
  await expect(topBarAvatar).toHaveCount(0);

  /** Picks `file` as a person does: 更换头像 opens the file chooser. */
  const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('main').getByRole('button', { name: '更换头像' }).last().click();
    await (await chooser).setFiles(file);
  };
  await pick({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') });
  const refused = page.getByText('图片格式不正确，请上传 JPG、PNG 或 WebP 图片');
  await expect(refused).toBeVisible();
  await expect(refused).toHaveAttribute('role', 'alert');

  await pick({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(refused).toHaveCount(0);
  await expect(topBarAvatar).toHaveAttribute('src', /^\/ai\/v1\/files\/images\/\d+-[\w-]+\.png$/);
  const src = await topBarAvatar.getAttribute('src');
  // A new creator's nickname, which names their picture.
  const nickname = `创作者${phone.slice(-4)}`;
  await expect(page.getByRole('main').getByRole('img', { name: nickname })).toHaveAttribute('src', src ?? '');
  // The picture really loads from the product (not a broken image).
  await expect.poll(() => topBarAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.reload();
  await expect(topBarAvatar).toHaveAttribute('src', src ?? '');
});
