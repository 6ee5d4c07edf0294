import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ShareOrder } from '@cc/contracts';
import { DAILY_COLUMNS, ORDER_COLUMNS, writeWorkbook } from './settlement-export.js';

const day = (i: number) => ({
  date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
  order_count: i,
  refund_count: 0,
  order_amount: '1.99',
  share_amount: '-13.93',
  settled_amount: '0.00',
  to_be_settled_amount: '-13.93',
});

/** Writes `rows` with `columns` and reads the workbook back as a spreadsheet program would. */
async function roundTrip<T>(sheetName: string, columns: Parameters<typeof writeWorkbook<T>>[2], batches: T[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const rows = await writeWorkbook(out, sheetName, columns, batches);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return { rows, sheet: workbook.getWorksheet(sheetName)! };
}

const order: ShareOrder = {
  id: 1,
  order_id: 'P-20261121-1',
  order_no: 'O1-1',
  order_at: '2026-11-20T16:10:05.000Z',
  sett_status: 1,
  sett_status_text: '待结算',
  expected_sett_date: '2026-11-24',
  share_type: 1,
  share_type_text: '我的分成',
  attract_agent: '我自己',
  platform: 1,
  platform_text: '短视频平台',
  order_type: 1,
  order_type_text: '充值',
  share_amount: '20.93',
  serial_id: 1,
  serial_name: '重生之我在北京',
  task_type: 1,
  app_id: 1,
  app_name: '甜橙短剧',
  order_amount: '29.90',
  ad_amount: '0.00',
};

describe('writeWorkbook', () => {
  it('writes times as Excel dates showing Beijing wall-clock time, and money as numbers', async () => {
    const { sheet } = await roundTrip('分成订单', ORDER_COLUMNS, [[order, { ...order, expected_sett_date: null }]]);
    const row = sheet.getRow(2);
    // 2026-11-20 16:10:05 UTC is 2026-11-21 00:10:05 in Beijing: the cell holds that wall-clock time, as a date.
    const orderAt = row.getCell(2);
    expect(orderAt.type).toBe(ExcelJS.ValueType.Date);
    expect(orderAt.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(orderAt.value).toEqual(new Date('2026-11-21T00:10:05Z'));
    const due = row.getCell(12);
    expect(due.type).toBe(ExcelJS.ValueType.Date);
    expect(due.numFmt).toBe('yyyy-mm-dd');
    expect(due.value).toEqual(new Date('2026-11-24T00:00:00Z'));
    for (const column of [9, 10]) {
      expect(row.getCell(column).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(column).numFmt).toBe('0.00');
    }
    expect([row.getCell(9).value, row.getCell(10).value]).toEqual([29.9, 20.93]);
    expect(sheet.getRow(3).getCell(12).value).toBeNull();
  });

  it('writes a sheet with Chinese headers and numeric amounts that exceljs reads back', async () => {
    const { rows, sheet } = await roundTrip('每日收益', DAILY_COLUMNS, [[day(1), day(2)], [day(3)]]);
    expect(rows).toBe(3);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(5).value).toBe('分成金额(元)');
    expect(sheet.getRow(4).getCell(2).value).toBe(3);
    expect(sheet.getRow(4).getCell(5).value).toBe(-13.93);
    expect(sheet.getRow(4).getCell(5).numFmt).toBe('0.00');
    expect(sheet.getRow(4).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(4).getCell(1).value).toEqual(new Date('2026-11-04T00:00:00Z'));
  });

  it('stops reading when the response closes instead of waiting forever', async () => {
    const out = new PassThrough(); // nobody reads it: it fills up, then the client "goes away"
    let batches = 0;
    async function* endless() {
      for (;;) {
        batches += 1;
        if (batches === 1) setTimeout(() => out.destroy(), 50);
        yield Array.from({ length: 1000 }, (_, i) => day(i));
      }
    }
    await expect(writeWorkbook(out, 's', DAILY_COLUMNS, endless())).rejects.toThrow(/abandoned/);
    expect(batches).toBeLessThan(10);
  });
});
