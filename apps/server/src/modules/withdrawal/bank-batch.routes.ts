/**
 * The operator's bank batches, `/ops/v1/withdrawals/bank-batches`: export (create), list, detail, the
 * file again, and confirmation with per-row decisions (JSON) or the bank's result file (`text/csv`).
 */
import {
  BANK_BATCH_STATUS_LABELS,
  BANK_ROW_RESULT_LABELS,
  fenToYuan,
  opsWithdrawalApi,
  type BankBatch,
  type BankBatchDetail,
  type BankBatchStatus,
  type BankRowResult,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, Texted } from '../../plugins/endpoint-route.js';
import { operatorActor } from '../../plugins/operator.js';
import { contentDisposition } from '../../content-disposition.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import { bankFileName, readBankResultFile } from './bank-file.js';
import type { BankBatchRowRecord, BankBatchSummary } from './bank-batch.repository.js';
import type { BankBatchService } from './bank-batch.service.js';

const orNull = (ms: number | null) => (ms === null ? null : isoTime(ms));

function toBankBatch(batch: BankBatchSummary): BankBatch {
  return {
    id: batch.id,
    status: batch.status,
    status_text: BANK_BATCH_STATUS_LABELS[batch.status as BankBatchStatus],
    row_count: batch.row_count,
    total_pay_amount: fenToYuan(batch.total_pay_fen),
    pending_count: batch.pending,
    paid_count: batch.paid,
    returned_count: batch.returned,
    rejected_count: batch.rejected,
    file_name: bankFileName(batch.id),
    file_sha256: batch.file_sha256,
    created_by: batch.created_by,
    created_at: isoTime(batch.created_at),
    completed_at: orNull(batch.completed_at),
  };
}

function toBankBatchDetail({ batch, rows }: { batch: BankBatchSummary; rows: BankBatchRowRecord[] }): BankBatchDetail {
  return {
    ...toBankBatch(batch),
    rows: rows.map((row) => {
      const result = row.result as BankRowResult;
      return {
        id: row.cash_out_id,
        agent_id: row.agent_id,
        real_name: row.payee_real_name,
        bank_name: row.bank_name,
        bank_card_number: row.bank_card_mask,
        pay_amount: fenToYuan(row.pay_amount_fen),
        result,
        result_text: BANK_ROW_RESULT_LABELS[result],
        bank_ref: row.bank_ref,
        reason: row.reason,
        decided_by: row.decided_by,
        decided_at: orNull(row.decided_at),
      };
    }),
  };
}

export function bankBatchRoutes(batches: BankBatchService): FastifyPluginAsyncZod {
  return async (app) => {
    // The bank's result file is read into the same decisions as the JSON body, then validated by the same schema.
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, readBankResultFile(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    route(app, opsWithdrawalApi.createBankBatch, async (request) => {
      const detail = await batches.detail(await batches.create(operatorActor(request)));
      return new Texted(toBankBatchDetail(detail), `已生成银行打款批次，共${detail.rows.length}笔，已转为打款中`);
    });

    route(app, opsWithdrawalApi.bankBatches, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { rows, total } = await batches.page(request.query.status, limit, offset);
      return paged(rows.map(toBankBatch), total, request.query);
    });

    route(app, opsWithdrawalApi.bankBatch, async (request) =>
      toBankBatchDetail(await batches.detail(request.params.id)),
    );

    route(app, opsWithdrawalApi.bankBatchFile, async (request, reply) => {
      const csv = await batches.file(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(bankFileName(request.params.id)))
        .header('cache-control', 'no-store')
        .send(csv);
    });

    route(app, opsWithdrawalApi.confirmBankBatch, async (request) => {
      await batches.confirm(request.params.id, request.body, operatorActor(request));
      return toBankBatchDetail(await batches.detail(request.params.id));
    });
  };
}
