/** What the SMS code service needs from a provider: deliver one verification code to one phone. */
import type { SmsType } from '@cc/contracts';

export interface SmsMessage {
  phone: string;
  type: SmsType;
  code: string;
}

export interface SmsDriver {
  readonly name: 'console' | 'aliyun';
  sendCode(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
