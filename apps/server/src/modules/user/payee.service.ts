/**
 * Payee accounts and the creator's identity (issue 8 §4). The first account sets the real name and ID number;
 * every later account must carry the same ones. Numbers are stored encrypted with a keyed hash and a masked copy,
 * and only masked copies leave this module — except `payoutAccount`, which the payout needs in clear.
 */
import {
  PayeeType,
  SmsType,
  maskAlipayAccount,
  maskBankCard,
  maskIdCard,
  maskPhone,
  type PayeeAccount,
} from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DataCipher } from '../../data-cipher.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { throwUnlessOk, type SmsCodeService } from '../auth/sms-code.service.js';
import type { PayeeRepository } from './payee.repository.js';

type Trx = Transaction<Database>;
type PayeeRow = Awaited<ReturnType<PayeeRepository['account']>> & object;

interface Identity {
  real_name: string;
  id_card_number: string;
}

export interface BankAccountInput extends Identity {
  bank_name: string;
  account_no: string;
  reserve_phone: string;
}

/** The masked payee summary `user/info` shows. */
export interface MaskedPayees {
  idCard: string;
  bank: { bank_name: string; account_no: string } | null;
  alipay: { account_no: string } | null;
}

const toPayeeAccount = (row: PayeeRow, idCardMask: string): PayeeAccount => ({
  type: row.type,
  real_name: row.real_name,
  id_card_number: idCardMask,
  bank_name: row.bank_name,
  account_no: row.account_mask,
  reserve_phone: row.reserve_phone_mask,
  updated_at: new Date(row.updated_at).toISOString(),
});

export class PayeeService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly payees: PayeeRepository,
    private readonly smsCodes: SmsCodeService,
    private readonly cipher: DataCipher,
    private readonly clock: Clock,
  ) {}

  updateBank(agentId: number, input: BankAccountInput & { code: string }): Promise<PayeeAccount> {
    return this.save(agentId, PayeeType.Bank, input, {
      bank_name: input.bank_name,
      account_enc: this.cipher.encrypt(input.account_no),
      account_hash: this.cipher.lookupHash('bank_card', input.account_no),
      account_mask: maskBankCard(input.account_no),
      reserve_phone_enc: this.cipher.encrypt(input.reserve_phone),
      reserve_phone_mask: maskPhone(input.reserve_phone),
    });
  }

  updateAlipay(agentId: number, input: Identity & { account_no: string; code: string }): Promise<PayeeAccount> {
    return this.save(agentId, PayeeType.Alipay, input, {
      bank_name: '',
      account_enc: this.cipher.encrypt(input.account_no),
      account_hash: this.cipher.lookupHash('alipay', input.account_no),
      account_mask: maskAlipayAccount(input.account_no),
      reserve_phone_enc: '',
      reserve_phone_mask: '',
    });
  }

  /**
   * One transaction under the creator's lock: identity checked first (a mismatch keeps the SMS code for another
   * try), then the code of the account's type consumed, then identity and account written.
   */
  private async save(
    agentId: number,
    type: PayeeType,
    input: Identity & { code: string },
    account: {
      bank_name: string;
      account_enc: string;
      account_hash: string;
      account_mask: string;
      reserve_phone_enc: string;
      reserve_phone_mask: string;
    },
  ): Promise<PayeeAccount> {
    const now = this.clock.now();
    const idCardHash = this.cipher.lookupHash('id_card', input.id_card_number);
    const outcome = await this.writeIdentity(async (trx) => {
      const agent = await this.lockIdentity(trx, agentId);
      const hasIdentity = agent.id_card_hash !== '';
      if (hasIdentity && (agent.real_name !== input.real_name || agent.id_card_hash !== idCardHash)) {
        throw appError('identityMismatch');
      }
      // One person, one creator account: cumulative tax withholding is per person (ADR 0013).
      if (!hasIdentity && (await this.payees.idCardTakenByOther(trx, agentId, idCardHash))) {
        throw appError('idCardTaken');
      }
      await this.smsCodes.lockPhone(trx, agent.phone);
      const smsType = type === PayeeType.Bank ? SmsType.Bank : SmsType.Alipay;
      const checked = await this.smsCodes.check(trx, agent.phone, smsType, input.code, { consume: true });
      if (checked !== 'ok') return checked;
      const idCardEnc = this.cipher.encrypt(input.id_card_number);
      if (!hasIdentity) {
        await this.payees.setIdentity(
          trx,
          agentId,
          {
            real_name: input.real_name,
            id_card_enc: idCardEnc,
            id_card_hash: idCardHash,
            id_card_mask: maskIdCard(input.id_card_number),
          },
          now,
        );
      }
      await this.payees.upsert(trx, {
        agent_id: agentId,
        type,
        real_name: input.real_name,
        id_card_enc: idCardEnc,
        id_card_hash: idCardHash,
        ...account,
        created_at: now,
        updated_at: now,
      });
      return checked;
    });
    throwUnlessOk(outcome);
    const row = (await this.payees.account(agentId, type))!;
    return toPayeeAccount(row, maskIdCard(input.id_card_number));
  }

  /**
   * Runs the identity-writing transaction. The look-up before the write is a courtesy (a clear answer, the code
   * kept); two creators submitting one ID at once both pass it, and the unique index on the ID's hash lets only one
   * commit: the other's violation is the same `idCardTaken` answer, its transaction (and SMS code) rolled back.
   */
  private async writeIdentity<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await this.database.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('idCardTaken');
      throw error;
    }
  }

  /** Takes the creator's identity lock in `trx` and reads the identity columns. */
  async lockIdentity(trx: Trx, agentId: number) {
    await lockKey(trx, this.database.kind, `identity:${agentId}`);
    const agent = await this.payees.identity(agentId, trx);
    if (!agent) throw appError('unauthorized');
    return agent;
  }

  async list(agentId: number): Promise<PayeeAccount[]> {
    const agent = await this.payees.identity(agentId);
    const rows = await this.payees.accounts(agentId);
    return rows.map((row) => toPayeeAccount(row, agent?.id_card_mask ?? ''));
  }

  async masked(agentId: number): Promise<MaskedPayees> {
    const agent = await this.payees.identity(agentId);
    const rows = await this.payees.accounts(agentId);
    const bank = rows.find((r) => r.type === PayeeType.Bank);
    const alipay = rows.find((r) => r.type === PayeeType.Alipay);
    return {
      idCard: agent?.id_card_mask ?? '',
      bank: bank ? { bank_name: bank.bank_name, account_no: bank.account_mask } : null,
      alipay: alipay ? { account_no: alipay.account_mask } : null,
    };
  }

  /** The account a withdrawal of `type` is paid to, in `trx`: masked for records, encrypted for the payout. */
  async payoutAccount(trx: Trx, agentId: number, type: PayeeType) {
    const row = await this.payees.account(agentId, type, trx);
    if (!row) return null;
    return { realName: row.real_name, bankName: row.bank_name, mask: row.account_mask, enc: row.account_enc };
  }

  /** The clear account number of an encrypted payout account (for the Alipay transfer or the bank file only). */
  reveal(enc: string): string {
    return this.cipher.decrypt(enc);
  }
}
