/**
 * The 7×24 online customer service of the tool bar's 反馈, as the web app is built with it (README):
 * `VITE_SERVICE_URL`, the service's address its QR code opens (a WeChat Work customer-service link, for example).
 * Without an address the popover shows the operators'
 * customer-service QR poster (`/agent/v1/program/poster`).
 */
function setting(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export const serviceContact = {
  url: setting(import.meta.env.VITE_SERVICE_URL),
} as const;
