/**
 * Development SMS driver: writes the code to the log and keeps the newest messages in an outbox that
 * `GET /dev/sms/outbox` serves, so a tester (or an end-to-end test) can read the code it would have received.
 */
import { maskPhone } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { SmsDriver, SmsMessage } from './sms-driver.js';

const OUTBOX_SIZE = 500;

export interface OutboxEntry extends SmsMessage {
  createdAt: number;
}

export class ConsoleSmsDriver implements SmsDriver {
  readonly name = 'console';
  private readonly outbox: OutboxEntry[] = [];

  constructor(
    private readonly clock: Clock,
    private log?: FastifyBaseLogger,
  ) {}

  attachLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  async sendCode(message: SmsMessage): Promise<void> {
    this.outbox.unshift({ ...message, createdAt: this.clock.now() });
    this.outbox.length = Math.min(this.outbox.length, OUTBOX_SIZE);
    // The development driver exists to show the code; the phone stays masked like everywhere else.
    this.log?.info(
      { phone: maskPhone(message.phone), type: message.type, devCode: message.code },
      'SMS (console driver)',
    );
  }

  /** Newest first, optionally for one phone. */
  list(phone?: string): OutboxEntry[] {
    return phone ? this.outbox.filter((m) => m.phone === phone) : [...this.outbox];
  }
}
