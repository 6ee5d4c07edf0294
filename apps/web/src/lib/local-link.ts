/**
 * Whether a link made by the server can only be opened on this machine or its network: without
 * PUBLIC_BASE_URL the server makes promotion and invite links on http://localhost:PORT, which nobody they are shared
 * with can open. The pages warn instead of letting a creator share a dead link.
 */
const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '0.0.0.0']);

function isPrivateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254)
  );
}

export function isLocalLink(link: string): boolean {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || host.endsWith('.local') || isPrivateIpv4(host);
}
