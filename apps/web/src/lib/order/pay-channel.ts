/**
 * How this device pays the Alipay part of an order: a phone opens Alipay's mobile cashier in the
 * browser (`wap`), where a QR shown on the same screen could not be scanned; a desktop shows the QR for the phone to
 * scan (`qr`). A phone is a mobile browser by its user agent, or a touch screen as narrow as the mobile layout.
 */
import { MOBILE_BREAKPOINT, PayChannel } from '@cc/contracts';

const MOBILE_AGENT = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|AlipayClient|MicroMessenger/i;

export interface DeviceTraits {
  userAgent: string;
  /** The primary pointer is a finger (`(pointer: coarse)`). */
  coarsePointer: boolean;
  viewportWidth: number;
}

export function payChannelFor({ userAgent, coarsePointer, viewportWidth }: DeviceTraits): PayChannel {
  const phone = MOBILE_AGENT.test(userAgent) || (coarsePointer && viewportWidth < MOBILE_BREAKPOINT);
  return phone ? PayChannel.Wap : PayChannel.Qr;
}

export function payChannelOfThisDevice(): PayChannel {
  return payChannelFor({
    userAgent: navigator.userAgent,
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    viewportWidth: window.innerWidth,
  });
}
