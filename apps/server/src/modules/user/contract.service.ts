/**
 * The creator service agreement: show the current version with the creator's details, and sign it with an SMS
 * code of its own purpose (type 6) sent to the creator's own phone, or inside a money session (ADR 0026). The
 * agreement names the creator, so it needs a real name (a payee account) before any code is asked for or used. Signing goes through the `ESignProvider`; the signature row keeps
 * the version, the text's hash and the provider's reference.
 */
import { SignStatus, SmsType, maskPhone, type SignContractInfo, type SignContractResponse } from '@cc/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { renderContract, type ESignProvider } from '../../providers/esign/esign-provider.js';
import type { MoneyProof, MoneySessionService } from '../verification/money-session.service.js';
import { throwUnlessOk } from '../verification/sms-code.service.js';
import type { ContractRepository } from './contract.repository.js';
import type { PayeeService } from './payee.service.js';
import type { PayeeRepository } from './payee.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

export class ContractService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly contracts: ContractRepository,
    private readonly payeeRows: PayeeRepository,
    private readonly payees: PayeeService,
    private readonly moneySessions: MoneySessionService,
    private readonly esign: ESignProvider,
    private readonly clock: Clock,
  ) {}

  async info(agentId: number): Promise<SignContractInfo> {
    const document = this.esign.current();
    const agent = await this.payeeRows.identity(agentId);
    if (!agent) throw appError('unauthorized');
    const signed = await this.contracts.signature(agentId, document.version);
    return {
      version: document.version,
      title: document.title,
      content: renderContract(document, { realName: agent.real_name, idCardMask: agent.id_card_mask }),
      content_hash: document.contentHash,
      sign_status: signed ? SignStatus.Signed : SignStatus.Unsigned,
      sign_phone: signed ? maskPhone(signed.sign_phone) : '',
      signed_at: signed ? iso(signed.signed_at) : null,
    };
  }

  /** True when the creator signed the agreement in force (a new version needs a new signature). */
  async hasSigned(agentId: number, executor?: Kysely<Database>): Promise<boolean> {
    return (await this.contracts.signature(agentId, this.esign.current().version, executor)) !== undefined;
  }

  /** Refuses a creator without a real name: no agreement code is sent or used before there is one. */
  async requireRealName(agentId: number): Promise<void> {
    const agent = await this.payeeRows.identity(agentId);
    if (!agent?.id_card_hash) throw appError('contractRealNameRequired');
  }

  async sign(agentId: number, proof: MoneyProof, ip: string): Promise<SignContractResponse> {
    const document = this.esign.current();
    const now = this.clock.now();
    const outcome = await this.database.db.transaction().execute(async (trx) => {
      const agent = await this.payees.lockIdentity(trx, agentId);
      if (!agent.id_card_hash) throw appError('contractRealNameRequired');
      if (await this.contracts.signature(agentId, document.version, trx)) throw appError('contractAlreadySigned');
      const checked = await this.moneySessions.authorize(
        trx,
        { id: agentId, phone: agent.phone },
        SmsType.Contract,
        proof,
      );
      if (checked !== 'ok') return checked;
      const { reference } = await this.esign.sign({
        agentId,
        document,
        phone: agent.phone,
        realName: agent.real_name,
        ip,
        signedAt: now,
      });
      await this.contracts.insert(trx, {
        agent_id: agentId,
        version: document.version,
        content_hash: document.contentHash,
        provider: this.esign.name,
        provider_ref: reference,
        sign_phone: agent.phone,
        real_name: agent.real_name,
        ip,
        signed_at: now,
      });
      return { phone: agent.phone };
    });
    if (typeof outcome === 'string') throwUnlessOk(outcome);
    return {
      sign_status: SignStatus.Signed,
      sign_phone: maskPhone(outcome.phone),
      signed_at: iso(now),
      version: document.version,
    };
  }
}
