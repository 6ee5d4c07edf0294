/**
 * The product in its own process with EXPORT_ROWS share rows for its agent, for `export.bench.ts`: prints
 * `{ url, headers, pid }` as one JSON line once the rows are in and the server listens, closes on SIGTERM.
 * Usage: `tsx serve-export.ts <xlsx|csv|xlsx-in-memory>`:
 * - `xlsx`: the product's own `GET /agent/v1/sett/data/export` (exceljs streaming WorkbookWriter);
 * - `csv`: baseline, the same rows and columns streamed as CSV, the least an export can cost;
 * - `xlsx-in-memory`: baseline, the same rows through exceljs's ordinary Workbook, built whole then sent.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { systemClock } from '../apps/server/src/clock.js';
import { ORDER_COLUMNS } from '../apps/server/src/modules/settlement/settlement-export.js';
import { SettlementQueryRepository } from '../apps/server/src/modules/settlement/settlement-query.repository.js';
import {
  SettlementQueryService,
  toShareOrder,
} from '../apps/server/src/modules/settlement/settlement-query.service.js';
import { WalletRepository } from '../apps/server/src/modules/withdrawal/wallet.repository.js';
import { WalletService } from '../apps/server/src/modules/withdrawal/wallet.service.js';
import { startProduct, type Product } from './support.js';

export const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const INSERT_BATCH = 1000;

/** EXPORT_ROWS share rows over the last 90 days for the product's agent, a tenth of them refunds. */
async function insertShares(product: Product, agentId: number): Promise<void> {
  const { db } = product.database;
  const serial = await db.selectFrom('serials').select(['id', 'app_id']).orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  for (let start = 0; start < EXPORT_ROWS; start += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, EXPORT_ROWS - start) }, (_, k) => {
      const i = start + k;
      const orderAt = now - Math.floor((i / EXPORT_ROWS) * 90 * 86_400_000);
      return {
        order_no: `bench-${String(i).padStart(8, '0')}`,
        agent_id: agentId,
        serial_id: serial.id,
        app_id: serial.app_id,
        share_type: (i % 3 === 0 ? 3 : 1) as 1 | 3,
        order_type: (i % 10 === 9 ? 2 : 1) as 1 | 2,
        platform: 1 + (i % 5),
        order_amount_fen: 1990 + (i % 500),
        ad_amount_fen: 199 + (i % 50),
        share_amount_fen: 1393 + (i % 350),
        sett_status: (i % 4 === 0 ? 1 : 2) as 1 | 2,
        expected_sett_date: new Date(orderAt + 3 * 86_400_000).toISOString().slice(0, 10),
        order_at: orderAt,
        created_at: orderAt,
      };
    });
    await db.insertInto('share_orders').values(rows).execute();
  }
}

/** A cell as CSV text; a date cell holds Beijing wall-clock time in its UTC fields (`beijingWallClock`). */
const csvCell = (value: string | number | Date) => {
  const text = value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A loopback server answering one baseline download at `/export`. */
async function serveBaseline(mode: 'csv' | 'xlsx-in-memory', product: Product, agentId: number): Promise<string> {
  const { db } = product.database;
  const settlement = new SettlementQueryService(
    new SettlementQueryRepository(db, product.database.kind),
    new WalletService(product.database, new WalletRepository(db), systemClock),
    systemClock,
  );
  const rows = async function* () {
    for await (const batch of settlement.shareOrderBatches(agentId, {})) yield batch.map(toShareOrder);
  };
  const server = Fastify({ logger: false });
  server.get('/export', async (_request, reply) => {
    if (mode === 'xlsx-in-memory') {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('分成订单');
      sheet.addRow(ORDER_COLUMNS.map((c) => c.header));
      for await (const batch of rows()) {
        for (const row of batch) sheet.addRow(ORDER_COLUMNS.map((c) => c.value(row)));
      }
      return reply.type('application/octet-stream').send(Buffer.from(await workbook.xlsx.writeBuffer()));
    }
    const out = new PassThrough();
    void (async () => {
      out.write(`${ORDER_COLUMNS.map((c) => c.header).join(',')}\n`);
      for await (const batch of rows()) {
        const text = batch.map((row) => ORDER_COLUMNS.map((c) => csvCell(c.value(row))).join(',')).join('\n');
        if (!out.write(`${text}\n`)) await once(out, 'drain');
      }
      out.end();
    })();
    return reply.type('text/csv; charset=utf-8').send(out);
  });
  return `${await server.listen({ port: 0, host: '127.0.0.1' })}/export`;
}

const mode = process.argv[2] ?? 'xlsx';
if (mode !== 'xlsx' && mode !== 'csv' && mode !== 'xlsx-in-memory') throw new Error(`unknown mode ${mode}`);
const product = await startProduct();
const headers = { vendor: 'default', authorization: `Bearer ${product.token}` };
const info = await product.app.inject({ method: 'GET', url: '/agent/v1/user/info', headers });
const agentId = (info.json() as { body: { agent_id: number } }).body.agent_id;
await insertShares(product, agentId);
const url =
  mode === 'xlsx'
    ? `${product.base}/agent/v1/sett/data/export?kind=orders`
    : await serveBaseline(mode, product, agentId);
process.stdout.write(`${JSON.stringify({ url, headers, pid: process.pid })}\n`);
process.once('SIGTERM', () => {
  void product.close().then(() => process.exit(0));
});
