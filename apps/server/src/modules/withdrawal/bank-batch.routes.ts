/**
 * The operator's bank batches, `/ops/v1/withdrawals/bank-batches` (issue 18 §1): export (create), list, detail, the
 * file again, and confirmation with per-row decisions (JSON) or the bank's result file (`text/csv`).
 */
import {
  BANK_BATCH_STATUS_LABELS,
  BANK_ROW_RESULT_LABELS,
  bankBatchConfirmRequestSchema,
  bankBatchDetailSchema,
  bankBatchIdParamSchema,
  bankBatchQuerySchema,
  bankBatchSchema,
  fenToYuan,
  pagedSchema,
  type BankBatch,
  type BankBatchDetail,
  type BankBatchStatus,
  type BankRowResult,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../plugins/envelope.js';
import { OPERATOR_TOKEN_ACTOR, operatorGuard } from '../../plugins/operator.js';
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

export function bankBatchRoutes(batches: BankBatchService, operatorToken: string | null): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = operatorGuard(operatorToken);
    // The bank's result file is read into the same decisions as the JSON body, then validated by the same schema.
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, readBankResultFile(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    app.post(
      '/ops/v1/withdrawals/bank-batches',
      { onRequest, schema: { response: okSchema(bankBatchDetailSchema) } },
      async () => {
        const detail = await batches.detail(await batches.create(OPERATOR_TOKEN_ACTOR));
        return ok(toBankBatchDetail(detail), `已生成银行打款批次，共${detail.rows.length}笔，已转为打款中`);
      },
    );

    app.get(
      '/ops/v1/withdrawals/bank-batches',
      { onRequest, schema: { querystring: bankBatchQuerySchema, response: okSchema(pagedSchema(bankBatchSchema)) } },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { rows, total } = await batches.page(request.query.status, limit, offset);
        return ok(paged(rows.map(toBankBatch), total, request.query));
      },
    );

    app.get(
      '/ops/v1/withdrawals/bank-batches/:id',
      { onRequest, schema: { params: bankBatchIdParamSchema, response: okSchema(bankBatchDetailSchema) } },
      async (request) => ok(toBankBatchDetail(await batches.detail(request.params.id))),
    );

    app.get(
      '/ops/v1/withdrawals/bank-batches/:id/file',
      { onRequest, schema: { params: bankBatchIdParamSchema } },
      async (request, reply) => {
        const csv = await batches.file(request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(bankFileName(request.params.id)))
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.post(
      '/ops/v1/withdrawals/bank-batches/:id/confirm',
      {
        onRequest,
        schema: {
          params: bankBatchIdParamSchema,
          body: bankBatchConfirmRequestSchema,
          response: okSchema(bankBatchDetailSchema),
        },
      },
      async (request) => {
        await batches.confirm(request.params.id, request.body, OPERATOR_TOKEN_ACTOR);
        return ok(toBankBatchDetail(await batches.detail(request.params.id)), '已按银行结果确认');
      },
    );
  };
}
