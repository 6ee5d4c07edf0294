/**
 * Withdrawal calls: the creator's `/agent/v1/sett/cash_out/*` (with `cancel` while pending) and the operator's
 * `/ops/v1/withdrawals`
 * (list, approve, reject, pay; bank withdrawals go out in bank batches, `bank-batch.routes.ts`).
 */
import {
  OUT_STATUS_LABELS,
  OUT_STATUS_STYLES,
  fenToYuan,
  opsWithdrawalApi,
  maskPhone,
  withdrawalApi,
  type OpsWithdrawal,
  type OutStatus,
  type WithdrawalRecord,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route, Texted } from '../../plugins/endpoint-route.js';
import { moneyProofOf } from '../verification/money-session.service.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import { canTransition } from './withdrawal-state.js';
import type { CashOutRow } from './withdrawal.repository.js';
import type { WithdrawalService } from './withdrawal.service.js';

export function toWithdrawalRecord(row: CashOutRow): WithdrawalRecord {
  const status = row.out_status as OutStatus;
  // Purchases paid from the wallet have no payee kind (wallet.repository.ts `recordPurchase`).
  const purchase = row.cash_out_to === '';
  return {
    id: row.id,
    out_status: status,
    record_type: purchase ? 'purchase' : 'withdrawal',
    order_no: row.order_no ?? '',
    wallet_amount: fenToYuan(purchase ? row.amount_fen + row.tax_fen : row.amount_fen),
    can_cancel: !purchase && canTransition('cancel', status),
    out_status_text: OUT_STATUS_LABELS[status],
    out_status_style: OUT_STATUS_STYLES[status],
    amount: fenToYuan(row.amount_fen),
    pre_pay_amount: fenToYuan(row.pre_pay_amount_fen),
    tax: fenToYuan(row.tax_fen),
    pay_amount: fenToYuan(row.pay_amount_fen),
    // A purchase is taxed as it is paid; a withdrawal's tax is the apply's estimate until its payout starts.
    tax_estimated: !purchase && row.tax_final === 0,
    cash_out_to: Number(row.cash_out_to || 0),
    bank_name: row.bank_name,
    bank_card_number: row.bank_card_number,
    alipay_id: row.alipay_id,
    real_name: row.payee_real_name,
    created_at: isoTime(row.created_at),
    finish_at: row.finish_at === null ? null : isoTime(row.finish_at),
    reason: row.reason,
    is_offline: row.is_offline,
  };
}

function toOpsWithdrawal(row: CashOutRow & { phone: string }): OpsWithdrawal {
  return {
    ...toWithdrawalRecord(row),
    agent_id: row.agent_id,
    phone: maskPhone(row.phone),
    out_biz_no: row.out_biz_no ?? '',
    pay_order_id: row.pay_order_id,
    approved_at: row.approved_at === null ? null : isoTime(row.approved_at),
  };
}

export function withdrawalRoutes(withdrawals: WithdrawalService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, withdrawalApi.tax, async (request) =>
      withdrawals.previewTax(identityOf(request).agentId, request.body.amount),
    );

    route(app, withdrawalApi.apply, async (request) => {
      const agentId = identityOf(request).agentId;
      const id = await withdrawals.apply(agentId, request.body, moneyProofOf(request, request.body.code));
      return toWithdrawalRecord(await withdrawals.ownedBy(agentId, id));
    });

    route(app, withdrawalApi.cancel, async (request) =>
      toWithdrawalRecord(await withdrawals.cancel(identityOf(request).agentId, request.body.id)),
    );

    route(app, withdrawalApi.page, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { rows, total } = await withdrawals.pageOf(
        identityOf(request).agentId,
        request.query.out_status,
        limit,
        offset,
      );
      return paged(rows.map(toWithdrawalRecord), total, request.query);
    });

    route(app, withdrawalApi.detail, async (request) =>
      toWithdrawalRecord(await withdrawals.ownedBy(identityOf(request).agentId, request.query.id)),
    );

    route(app, withdrawalApi.first, async (request) => withdrawals.first(identityOf(request).agentId));

    route(app, opsWithdrawalApi.list, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const filter = {
        ...(request.query.status !== undefined && { status: request.query.status as OutStatus }),
        ...(request.query.cash_out_to !== undefined && { cashOutTo: request.query.cash_out_to }),
      };
      const { rows, total } = await withdrawals.opsPage(filter, limit, offset);
      return paged(rows.map(toOpsWithdrawal), total, request.query);
    });

    route(app, opsWithdrawalApi.approve, async (request) =>
      toWithdrawalRecord(await withdrawals.approve(request.params.id)),
    );

    route(app, opsWithdrawalApi.reject, async (request) =>
      toWithdrawalRecord(await withdrawals.reject(request.params.id, request.body.reason)),
    );

    route(app, opsWithdrawalApi.pay, async (request) => {
      const row = await withdrawals.pay(request.params.id, request.body.offline === true);
      return new Texted(toWithdrawalRecord(row), request.body.offline ? '已确认线下打款' : '已发起支付宝打款');
    });
  };
}
