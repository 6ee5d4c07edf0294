/**
 * Payee accounts and the creator's identity. The first account sets the real name and ID number;
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
import type { MoneyProof, MoneySessionService } from '../verification/money-session.service.js';
import { throwUnlessOk } from '../verification/sms-code.service.js';
import type { PayeeRepository } from './payee.repository.js';

type Trx = Transaction<Database>;
type PayeeRow = Awaited<ReturnType<PayeeRepository['account']>> & object;

/** Left out when the creator already has a verified identity: the one on file is used. */
interface Identity {
  real_name?: string | undefined;
  id_card_number?: string | undefined;
}

interface KnownIdentity {
  real_name: string;
  id_card_enc: string;
  id_card_hash: string;
  id_card_mask: string;
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
    private readonly moneySessions: MoneySessionService,
    private readonly cipher: DataCipher,
    private readonly clock: Clock,
  ) {}

  updateBank(agentId: number, input: BankAccountInput & { code: string }, proof: MoneyProof): Promise<PayeeAccount> {
    return this.save(agentId, PayeeType.Bank, input, proof, {
      bank_name: input.bank_name,
      account_enc: this.cipher.encrypt(input.account_no),
      account_hash: this.cipher.lookupHash('bank_card', input.account_no),
      account_mask: maskBankCard(input.account_no),
      reserve_phone_enc: this.cipher.encrypt(input.reserve_phone),
      reserve_phone_mask: maskPhone(input.reserve_phone),
    });
  }

  updateAlipay(
    agentId: number,
    input: Identity & { account_no: string; code: string },
    proof: MoneyProof,
  ): Promise<PayeeAccount> {
    return this.save(agentId, PayeeType.Alipay, input, proof, {
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
    proof: MoneyProof,
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
    const outcome = await this.writeIdentity(async (trx) => {
      const agent = await this.lockIdentity(trx, agentId);
      const hasIdentity = agent.id_card_hash !== '';
      const identity = hasIdentity ? await this.identityOnFile(trx, agent, input) : this.newIdentity(input);
      // One person, one creator account: cumulative tax withholding is per person (ADR 0013).
      if (!hasIdentity && (await this.payees.idCardTakenByOther(trx, agentId, identity.id_card_hash))) {
        throw appError('idCardTaken');
      }
      const smsType = type === PayeeType.Bank ? SmsType.Bank : SmsType.Alipay;
      const checked = await this.moneySessions.checkCodeAndOpen(trx, { id: agentId, phone: agent.phone }, smsType, {
        ...proof,
        code: input.code,
      });
      if (checked !== 'ok') return checked;
      if (!hasIdentity) await this.payees.setIdentity(trx, agentId, identity, now);
      await this.payees.upsert(trx, {
        agent_id: agentId,
        type,
        real_name: identity.real_name,
        id_card_enc: identity.id_card_enc,
        id_card_hash: identity.id_card_hash,
        ...account,
        created_at: now,
        updated_at: now,
      });
      return { idCardMask: identity.id_card_mask };
    });
    if (typeof outcome === 'string') throwUnlessOk(outcome);
    const row = (await this.payees.account(agentId, type))!;
    return toPayeeAccount(row, outcome.idCardMask);
  }

  /** The first account's identity: both fields are needed. */
  private newIdentity(input: Identity): KnownIdentity {
    if (!input.real_name) throw appError('validation', '请填写真实姓名');
    if (!input.id_card_number) throw appError('validation', '请填写身份证号');
    return {
      real_name: input.real_name,
      id_card_enc: this.cipher.encrypt(input.id_card_number),
      id_card_hash: this.cipher.lookupHash('id_card', input.id_card_number),
      id_card_mask: maskIdCard(input.id_card_number),
    };
  }

  /** A later account carries the identity on file; what the creator typed anyway must be the same. */
  private async identityOnFile(
    trx: Trx,
    agent: { id: number; real_name: string; id_card_hash: string; id_card_mask: string },
    input: Identity,
  ): Promise<KnownIdentity> {
    const typedName = input.real_name !== undefined && input.real_name !== agent.real_name;
    const typedId =
      input.id_card_number !== undefined &&
      this.cipher.lookupHash('id_card', input.id_card_number) !== agent.id_card_hash;
    if (typedName || typedId) throw appError('identityMismatch');
    return {
      real_name: agent.real_name,
      // Encrypted afresh (a new IV per copy), like every number this module stores.
      id_card_enc: this.cipher.encrypt(
        input.id_card_number ?? this.cipher.decrypt(await this.payees.idCardCipherText(trx, agent.id)),
      ),
      id_card_hash: agent.id_card_hash,
      id_card_mask: agent.id_card_mask,
    };
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
