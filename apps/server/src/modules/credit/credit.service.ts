/**
 * The points ledger. Every change is a ledger row with an idempotency key; points arrive as grants that expire
 * one year later; spending takes the grants that expire first; expiry writes its own rows. Balances live in one
 * row per agent, moved only together with the ledger in one transaction under the agent's lock, and a
 * conditional update plus CHECK constraints keep them from ever going below zero.
 */
import { CreditRecordType, FREE_CLAIM_POINTS, POINTS_VALID_DAYS, type CreditTotal } from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { CreditRepository } from './credit.repository.js';

type Trx = Transaction<Database>;
const VALID_MS = POINTS_VALID_DAYS * 24 * 60 * 60 * 1000;

export type GrantKind = typeof CreditRecordType.Purchase | typeof CreditRecordType.Gift;

export interface GrantInput {
  kind: GrantKind;
  amount: number;
  title: string;
  /** Idempotency key: an order number, a claim id. The same key never grants twice. */
  key: string;
}

/** Splits `amount` over grants in order; returns the parts taken from each. */
export function allocate(
  grants: readonly { id: number; kind: number; remaining: number }[],
  amount: number,
): { grantId: number; kind: number; amount: number }[] {
  const parts: { grantId: number; kind: number; amount: number }[] = [];
  let left = amount;
  for (const grant of grants) {
    if (left === 0) break;
    const take = Math.min(grant.remaining, left);
    if (take > 0) parts.push({ grantId: grant.id, kind: grant.kind, amount: take });
    left -= take;
  }
  return left === 0 ? parts : [];
}

/** An allocation of a spend still to give back: from which grant, how much, its kind and expiry. */
interface OpenAllocation {
  grant_id: number;
  amount: number;
  kind: number;
  expires_at: number;
}

/** Ledger keys of the refunds of a spend's parts start with this. */
const partRefundPrefix = (key: string) => `refund:${key}:part:`;

const byKind = (parts: readonly { kind: number; amount: number }[], kind: number) =>
  parts.filter((p) => p.kind === kind).reduce((sum, p) => sum + p.amount, 0);

export class CreditService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly credits: CreditRepository,
    private readonly clock: Clock,
  ) {}

  /** Runs `work` in a transaction holding the agent's points lock, after expiring what is due. */
  private inAgentTransaction<T>(agentId: number, work: (trx: Trx, now: number) => Promise<T>, trx?: Trx): Promise<T> {
    const run = async (t: Trx) => {
      const now = this.clock.now();
      await lockKey(t, this.database.kind, `credit:${agentId}`);
      await this.credits.ensureAccount(t, agentId, now);
      await this.expireDue(t, agentId, now);
      return work(t, now);
    };
    return trx ? run(trx) : this.database.db.transaction().execute(run);
  }

  /**
   * Expires what is due. Idempotent by state: a grant's remaining points go to zero in the same transaction as its
   * expiry row, so a second run finds nothing. (A grant expires once; older data where a refund refilled an expired
   * grant gets a second, time-stamped key instead of a unique-key failure.)
   */
  private async expireDue(trx: Trx, agentId: number, now: number): Promise<void> {
    for (const grant of await this.credits.dueGrants(trx, agentId, now)) {
      const firstKey = `expire:${grant.id}`;
      const key = (await this.credits.ledgerByKey(agentId, firstKey, trx)) ? `${firstKey}:${now}` : firstKey;
      await this.credits.insertLedger(trx, {
        agent_id: agentId,
        type: grant.kind,
        title: '积分到期失效',
        credit: -grant.remaining,
        idempotency_key: key,
        created_at: now,
      });
      await this.credits.changeGrantRemaining(trx, grant.id, -grant.remaining);
      const buy = grant.kind === CreditRecordType.Purchase ? -grant.remaining : 0;
      await this.credits.adjust(trx, agentId, buy, -grant.remaining - buy, now);
    }
  }

  /** Grants points once per key; pass `trx` to commit it together with the caller's own change (a paid order). */
  async grant(agentId: number, input: GrantInput, trx?: Trx): Promise<number> {
    if (!Number.isInteger(input.amount) || input.amount <= 0)
      throw new Error('grant amount must be a positive integer');
    return this.inAgentTransaction(
      agentId,
      async (t, now) => {
        const existing = await this.credits.ledgerByKey(agentId, input.key, t);
        if (existing) return existing.id;
        const ledgerId = await this.credits.insertLedger(t, {
          agent_id: agentId,
          type: input.kind,
          title: input.title,
          credit: input.amount,
          idempotency_key: input.key,
          created_at: now,
        });
        await this.credits.insertGrant(t, {
          agent_id: agentId,
          ledger_id: ledgerId,
          kind: input.kind,
          amount: input.amount,
          granted_at: now,
          expires_at: now + VALID_MS,
        });
        const buy = input.kind === CreditRecordType.Purchase ? input.amount : 0;
        await this.credits.adjust(t, agentId, buy, input.amount - buy, now);
        return ledgerId;
      },
      trx,
    );
  }

  /**
   * Spends points for one piece of work (a tool job): all or nothing, once per (agent, key). Throws
   * `insufficientPoints` when the balance is short; a retry with the same key and amount returns the first spend,
   * the same key with another amount is refused (`idempotencyConflict`).
   */
  async spendPoints(
    agentId: number,
    amount: number,
    key: string,
    title = '消耗积分',
    trx?: Trx,
  ): Promise<{ ledgerId: number }> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('spend amount must be a positive integer');
    return this.inAgentTransaction(
      agentId,
      async (trx, now) => {
        const existing = await this.credits.ledgerByKey(agentId, key, trx);
        if (existing) {
          if (existing.type !== CreditRecordType.Cost || existing.credit !== -amount)
            throw appError('idempotencyConflict');
          return { ledgerId: existing.id };
        }
        const parts = allocate(await this.credits.liveGrants(trx, agentId, now), amount);
        if (parts.length === 0) throw appError('insufficientPoints');
        const buy = byKind(parts, CreditRecordType.Purchase);
        if (!(await this.credits.adjust(trx, agentId, -buy, -(amount - buy), now)))
          throw appError('insufficientPoints');
        const ledgerId = await this.credits.insertLedger(trx, {
          agent_id: agentId,
          type: CreditRecordType.Cost,
          title,
          credit: -amount,
          idempotency_key: key,
          created_at: now,
        });
        for (const part of parts) await this.credits.changeGrantRemaining(trx, part.grantId, -part.amount);
        await this.credits.insertAllocations(
          trx,
          parts.map((p) => ({ ledger_id: ledgerId, grant_id: p.grantId, amount: p.amount })),
        );
        return { ledgerId };
      },
      trx,
    );
  }

  /**
   * Gives back the points of the agent's spend with `key` (a failed or cancelled tool job). Once: a second call does
   * nothing. Points given back earlier for parts of the work (`refundPointsPart`) are not given twice. Points return
   * to the grants they came from while those live; points whose grant has expired meanwhile come back as a fresh
   * grant of the same kind, valid for a year from now (ADR 0010). False when there was no such spend.
   */
  async refundPoints(agentId: number, key: string, title = '退还积分'): Promise<boolean> {
    return this.inAgentTransaction(agentId, async (trx, now) => {
      const spend = await this.credits.ledgerByKey(agentId, key, trx);
      if (!spend || spend.type !== CreditRecordType.Cost || spend.credit >= 0) return false;
      const refundKey = `refund:${key}`;
      if (await this.credits.ledgerByKey(agentId, refundKey, trx)) return true;
      const open = await this.openAllocations(trx, agentId, spend.id, key);
      if (open.reduce((sum, p) => sum + p.amount, 0) > 0)
        await this.giveBack(trx, agentId, open, refundKey, title, now);
      return true;
    });
  }

  /**
   * Gives back up to `amount` points of the spend with `key` for one part of the work (`part`: an output of a tool
   * job that missed its goal), once per part; never more than the spend has left to give, and nothing once the whole
   * spend was given back. Answers the points given back for that part (0 when none).
   */
  async refundPointsPart(agentId: number, key: string, part: string, amount: number, title: string): Promise<number> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('refund amount must be a positive integer');
    return this.inAgentTransaction(agentId, async (trx, now) => {
      const spend = await this.credits.ledgerByKey(agentId, key, trx);
      if (!spend || spend.type !== CreditRecordType.Cost || spend.credit >= 0) return 0;
      if (await this.credits.ledgerByKey(agentId, `refund:${key}`, trx)) return 0;
      const partKey = `${partRefundPrefix(key)}${part}`;
      const earlier = await this.credits.ledgerByKey(agentId, partKey, trx);
      if (earlier) return earlier.credit;
      const taken: OpenAllocation[] = [];
      let left = amount;
      // The last points taken come back first.
      for (const allocation of (await this.openAllocations(trx, agentId, spend.id, key)).reverse()) {
        if (left === 0) break;
        const take = Math.min(left, allocation.amount);
        if (take > 0) taken.push({ ...allocation, amount: take });
        left -= take;
      }
      if (taken.length === 0) return 0;
      await this.giveBack(trx, agentId, taken, partKey, title, now);
      return amount - left;
    });
  }

  /** What of a spend's allocations has not been given back yet by refunds of its parts. */
  private async openAllocations(trx: Trx, agentId: number, spendId: number, key: string): Promise<OpenAllocation[]> {
    const returned = await this.credits.returnedByPartRefunds(trx, agentId, partRefundPrefix(key));
    return (await this.credits.allocationsOf(trx, spendId)).map((allocation) => {
      const back = Math.min(allocation.amount, returned.get(allocation.grant_id) ?? 0);
      returned.set(allocation.grant_id, (returned.get(allocation.grant_id) ?? 0) - back);
      return { ...allocation, amount: allocation.amount - back };
    });
  }

  /**
   * One refund row: the points go back to the live grants they came from (and are recorded against them, so later
   * part refunds know), or as fresh grants of their kind where the grant has expired.
   */
  private async giveBack(
    trx: Trx,
    agentId: number,
    parts: readonly OpenAllocation[],
    key: string,
    title: string,
    now: number,
  ): Promise<void> {
    const given = parts.filter((p) => p.amount > 0);
    const amount = given.reduce((sum, p) => sum + p.amount, 0);
    const ledgerId = await this.credits.insertLedger(trx, {
      agent_id: agentId,
      type: CreditRecordType.Cost,
      title,
      credit: amount,
      idempotency_key: key,
      created_at: now,
    });
    await this.credits.insertAllocations(
      trx,
      given.map((p) => ({ ledger_id: ledgerId, grant_id: p.grant_id, amount: p.amount })),
    );
    for (const part of given.filter((p) => p.expires_at > now)) {
      await this.credits.changeGrantRemaining(trx, part.grant_id, part.amount);
    }
    for (const kind of [CreditRecordType.Purchase, CreditRecordType.Gift]) {
      const expired = byKind(
        given.filter((p) => p.expires_at <= now),
        kind,
      );
      if (expired > 0) {
        await this.credits.insertGrant(trx, {
          agent_id: agentId,
          ledger_id: ledgerId,
          kind,
          amount: expired,
          granted_at: now,
          expires_at: now + VALID_MS,
        });
      }
    }
    const buy = byKind(given, CreditRecordType.Purchase);
    await this.credits.adjust(trx, agentId, buy, amount - buy, now);
  }

  async totals(agentId: number): Promise<CreditTotal> {
    // Read without a transaction when nothing is due to expire: user info asks on every page load.
    const account = await this.credits.accountWithDue(agentId, this.clock.now());
    if (account && !Number(account.due)) return { total: account.total, buy: account.buy, gift: account.gift };
    return this.inAgentTransaction(agentId, async (trx) => {
      const account = await this.credits.account(agentId, trx);
      return { total: account?.total ?? 0, buy: account?.buy ?? 0, gift: account?.gift ?? 0 };
    });
  }

  async records(agentId: number, type: CreditRecordType | undefined, limit: number, offset: number) {
    await this.totals(agentId);
    return this.credits.records(agentId, type, limit, offset);
  }

  async freeClaimStatus(agentId: number): Promise<boolean> {
    return (await this.credits.freeClaim(agentId)) !== undefined;
  }

  /** The one-time 100 free points: the claim row's primary key makes it once per agent under any concurrency. */
  async claimFreePoints(agentId: number): Promise<CreditTotal> {
    await this.inAgentTransaction(agentId, async (trx, now) => {
      if (await this.credits.freeClaim(agentId, trx)) throw appError('freePointsClaimed');
      const ledgerId = await this.grant(
        agentId,
        {
          kind: CreditRecordType.Gift,
          amount: FREE_CLAIM_POINTS,
          title: '新人免费领取积分',
          key: `free-claim:${agentId}`,
        },
        trx,
      );
      await this.credits.insertFreeClaim(trx, agentId, ledgerId, now);
    });
    return this.totals(agentId);
  }
}
