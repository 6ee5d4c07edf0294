/**
 * `/sett/data/export`: share orders or daily figures as an .xlsx with Chinese headers, written by exceljs's
 * streaming WorkbookWriter straight into the response. Rows are read in keyset batches and committed as they go,
 * and the writer waits for the client between batches, so memory stays flat for 100 000 rows and more.
 */
import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { SettDayFigures, SettExportKind, SettExportQuery, ShareOrder } from '@cc/contracts';
import ExcelJS from 'exceljs';
import { beijingDayOf, beijingWallClock, dateOfDay } from '../../beijing-time.js';
import type { ShareOrderRow } from './settlement-query.repository.js';
import { shareFilterOf, toShareOrder, type SettlementQueryService } from './settlement-query.service.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Column<T> {
  header: string;
  width: number;
  value(row: T): string | number | Date;
  /** How the cell shows: money and times are numbers in the sheet (it can sum and sort them), formatted. */
  numFmt?: string;
}

/** Yuan: a number with two decimals. */
const MONEY = '0.00';
/** A time of day in Beijing: an Excel date (`beijingWallClock`), never a string. */
const DATE_TIME = 'yyyy-mm-dd hh:mm:ss';
const DATE = 'yyyy-mm-dd';

const yuan = (value: string) => Number(value);
/** A YYYY-MM-DD date as an Excel date (midnight of that day). */
const excelDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The share order sheet's columns, in the order a creator reads them in the share order list. */
export const ORDER_COLUMNS: Column<ShareOrder>[] = [
  { header: '订单编号', width: 28, value: (r) => r.order_id },
  { header: '下单时间', width: 20, value: (r) => beijingWallClock(Date.parse(r.order_at)), numFmt: DATE_TIME },
  { header: '应用', width: 14, value: (r) => r.app_name },
  { header: '剧集', width: 24, value: (r) => r.serial_name },
  { header: '分成类型', width: 10, value: (r) => r.share_type_text },
  { header: '订单类型', width: 10, value: (r) => r.order_type_text },
  { header: '推广人', width: 14, value: (r) => r.attract_agent },
  { header: '推广平台', width: 12, value: (r) => r.platform_text },
  { header: '订单金额(元)', width: 14, value: (r) => yuan(r.order_amount), numFmt: MONEY },
  { header: '分成金额(元)', width: 14, value: (r) => yuan(r.share_amount), numFmt: MONEY },
  { header: '结算状态', width: 10, value: (r) => r.sett_status_text },
  {
    header: '预计结算日期',
    width: 14,
    value: (r) => (r.expected_sett_date ? excelDate(r.expected_sett_date) : ''),
    numFmt: DATE,
  },
];

/** The daily sheet's columns (the rows of `/sett/daily/page`). */
export const DAILY_COLUMNS: Column<SettDayFigures>[] = [
  { header: '日期', width: 12, value: (r) => excelDate(r.date), numFmt: DATE },
  { header: '订单数', width: 10, value: (r) => r.order_count },
  { header: '退款数', width: 10, value: (r) => r.refund_count },
  { header: '订单金额(元)', width: 14, value: (r) => yuan(r.order_amount), numFmt: MONEY },
  { header: '分成金额(元)', width: 14, value: (r) => yuan(r.share_amount), numFmt: MONEY },
  { header: '已结算(元)', width: 14, value: (r) => yuan(r.settled_amount), numFmt: MONEY },
  { header: '待结算(元)', width: 14, value: (r) => yuan(r.to_be_settled_amount), numFmt: MONEY },
];

const SHEET_NAMES: Record<SettExportKind, string> = { orders: '分成订单', daily: '每日收益' };

/** '分成订单_2026-11-01至2026-11-21.xlsx', or with today's date when no range is given. */
export function exportFileName(query: SettExportQuery, now: number): string {
  const today = dateOfDay(beijingDayOf(now));
  const range = query.start_date || query.end_date ? `${query.start_date ?? ''}至${query.end_date ?? today}` : today;
  return `${SHEET_NAMES[query.kind]}_${range}.xlsx`;
}

/**
 * Writes `batches` into `out` as one worksheet and ends `out`; answers the number of data rows. Between batches it
 * lets the zip stream flush and waits while `out` is full, which is what bounds memory.
 */
export async function writeWorkbook<T>(
  out: Writable,
  sheetName: string,
  columns: Column<T>[],
  batches: AsyncIterable<T[]> | Iterable<T[]>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
    ...(column.numFmt && { style: { numFmt: column.numFmt } }),
  }));
  let count = 0;
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(columns.map((column) => column.value(row))).commit();
    count += batch.length;
    await zipCaughtUp(sheet, out);
    if (out.destroyed || out.writableNeedDrain) await drained(out, out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/**
 * Waits until the zip has taken the rows committed so far. exceljs (4.4) pushes a worksheet's XML into the zip
 * entry's stream without heeding its backpressure, so without this wait a fast database outruns deflate and the XML
 * piles up in memory (about 50 MB per 100 000 rows). The entry stream is reached through exceljs internals; should
 * they change, the wait degrades to one turn of the event loop rather than failing.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const consumers = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
  for (const consumer of consumers) {
    const state = (consumer as { _writableState?: { needDrain?: boolean } })._writableState;
    if (state?.needDrain) await drained(consumer as EventEmitter, out);
  }
}

/**
 * Resolves when `stream` drains; rejects as soon as `out` closes (the client went away, or Fastify destroyed the
 * body), so an abandoned download stops reading instead of waiting forever.
 */
function drained(stream: EventEmitter, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('export abandoned: the response closed'));
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('export abandoned: the response closed'));
    };
    stream.once('drain', onDrain);
    out.once('close', onClose);
  });
}

export interface OpenedExport {
  fileName: string;
  /** The .xlsx bytes; it errors (and the response aborts) if a later read fails. */
  stream: Readable;
  /** Settles with the row count once the last byte is written. */
  done: Promise<number>;
}

/**
 * Starts an export. The first read happens before anything is sent, so a failing query still answers the JSON
 * envelope; later failures abort the download.
 */
export async function openExport(
  settlement: SettlementQueryService,
  agentId: number,
  query: SettExportQuery,
  now: number,
): Promise<OpenedExport> {
  const filter = shareFilterOf(query);
  const stream = new PassThrough();
  const sheetName = SHEET_NAMES[query.kind];
  let done: Promise<number>;
  if (query.kind === 'daily') {
    const days = await settlement.dailyFigures(agentId, filter);
    done = writeWorkbook(stream, sheetName, DAILY_COLUMNS, [days]);
  } else {
    const batches = settlement.shareOrderBatches(agentId, filter);
    const first = await batches.next();
    done = writeWorkbook(stream, sheetName, ORDER_COLUMNS, mapBatches(first, batches));
  }
  done.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName: exportFileName(query, now), stream, done };
}

async function* mapBatches(
  first: IteratorResult<ShareOrderRow[]>,
  rest: AsyncIterator<ShareOrderRow[]>,
): AsyncGenerator<ShareOrder[]> {
  let next = first;
  while (!next.done) {
    yield next.value.map(toShareOrder);
    next = await rest.next();
  }
}
