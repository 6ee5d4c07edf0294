import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DAILY_COLUMNS, writeWorkbook } from './settlement-export.js';

const day = (i: number) => ({
  date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
  order_count: i,
  refund_count: 0,
  order_amount: '1.99',
  share_amount: '-13.93',
  settled_amount: '0.00',
  to_be_settled_amount: '-13.93',
});

describe('writeWorkbook', () => {
  it('writes a sheet with Chinese headers and numeric amounts that exceljs reads back', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const rows = await writeWorkbook(out, '每日收益', DAILY_COLUMNS, [[day(1), day(2)], [day(3)]]);
    expect(rows).toBe(3);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('每日收益')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(5).value).toBe('分成金额(元)');
    expect(sheet.getRow(4).getCell(2).value).toBe(3);
    expect(sheet.getRow(4).getCell(5).value).toBe(-13.93);
    expect(sheet.getRow(4).getCell(5).numFmt).toBe('0.00');
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
