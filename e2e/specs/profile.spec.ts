/** Personal information: a creator uploads an avatar on /profile and the top bar shows it. */
import { expect, test } from '@playwright/test';
import { freshPhone, loginThroughModal } from '../support/fixtures.js';

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

  await expect(page.getByTestId('profile-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await expect(page.getByTestId('profile-real-name')).toContainText('未认证');
  await expect(page.getByTestId('profile-contract')).toContainText('未签署');
  await expect(page.getByTestId('profile-leader')).toHaveText('无（未通过邀请加入）');
  await expect(page.getByTestId('avatar').locator('img')).toHaveCount(0);

  const input = page.getByTestId('profile-avatar-input');
  await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') });
  await expect(page.getByTestId('profile-avatar-error')).toHaveText('图片格式不正确，请上传 JPG、PNG 或 WebP 图片');

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(page.getByTestId('profile-avatar-error')).toHaveCount(0);
  const topBarAvatar = page.getByTestId('avatar').locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', /^\/ai\/v1\/files\/images\/\d+-[\w-]+\.png$/);
  const src = await topBarAvatar.getAttribute('src');
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', src ?? '');
  // The picture really loads from the product (not a broken image).
  await expect.poll(() => topBarAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.reload();
  await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute('src', src ?? '');
});
