import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x,1","say ""hi"""\r\n"two\nlines",\n\n')).toEqual([
      ['a', 'b'],
      ['x,1', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });
});
