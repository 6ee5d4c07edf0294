import { describe, expect, it } from 'vitest';
import { cueOfRow, cueRowsOf, cuesOfRows, formatCueTime, parseCueTime, TIME_FORMAT_ERROR } from './cue-time';

describe('cue times', () => {
  it('formats milliseconds as mm:ss.mmm, minutes past an hour staying minutes', () => {
    expect(formatCueTime(0)).toBe('00:00.000');
    expect(formatCueTime(62_500)).toBe('01:02.500');
    expect(formatCueTime(4_503_250)).toBe('75:03.250');
    expect(formatCueTime(999.6)).toBe('00:01.000');
  });

  it('reads what it writes and the short forms people type', () => {
    for (const ms of [0, 1, 59_999, 62_500, 4_503_250]) expect(parseCueTime(formatCueTime(ms))).toBe(ms);
    expect(parseCueTime('1:02')).toBe(62_000);
    expect(parseCueTime(' 01:02.5 ')).toBe(62_500);
    expect(parseCueTime('01:02,25')).toBe(62_250);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', '62', '01:60.000', '01:02.5000', 'ab:cd', '-01:02.000', '01:02:03'])
      expect(parseCueTime(text)).toBeNull();
  });
});

describe('rows of the subtitle list', () => {
  const row = { key: 0, start: '00:01.000', end: '00:02.500', text: 'Hello', translation: '你好' };

  it('turns a valid row into its cue, and cues into rows and back', () => {
    expect(cueOfRow(row)).toEqual({ cue: { start_ms: 1000, end_ms: 2500, text: 'Hello', translation: '你好' } });
    const cues = [{ start_ms: 1000, end_ms: 2500, text: 'Hello', translation: '你好' }];
    expect(cuesOfRows(cueRowsOf(cues))).toEqual({ cues });
  });

  it('says why a row is not a cue, in Chinese', () => {
    expect(cueOfRow({ ...row, end: '2.5' })).toEqual({ error: TIME_FORMAT_ERROR });
    expect(cueOfRow({ ...row, end: '00:01.100' })).toEqual({ error: '每条字幕至少0.2秒' });
    expect(cueOfRow({ ...row, text: ' ', translation: '' })).toEqual({ error: '字幕原文与译文不能都为空' });
    expect(cueOfRow({ ...row, translation: '长'.repeat(301) })).toEqual({ error: '字幕译文过长' });
  });

  it('sorts the cues by time and names the first row in error', () => {
    const later = { ...row, key: 1, start: '00:05.000', end: '00:06.000' };
    const result = cuesOfRows([later, row]);
    expect('cues' in result && result.cues.map((c) => c.start_ms)).toEqual([1000, 5000]);
    expect(cuesOfRows([row, { ...later, start: 'x' }])).toEqual({ row: 2, error: TIME_FORMAT_ERROR });
  });
});
