import { describe, expect, it } from 'vitest';
import { subtitleFontMeasurer } from './font-metrics.js';
import { breakLines, layoutCue, type LineBox, safeArea } from './line-break.js';

const measure = subtitleFontMeasurer('Noto Sans CJK SC', false);
/** A box `chars` Chinese characters wide at 50 px (a CJK advance is 1000 of the font's 1448 units). */
const box = (chars: number, size = 50): LineBox => ({ measure, size, maxWidth: chars * size * (1000 / 1448) + 0.5 });
const LINE_START_FORBIDDEN = /^[，。！？、；：」』）》〉】”’,.!?;:)]/u;
const LINE_END_FORBIDDEN = /[「『（《〈【“‘(]$/u;

describe('safeArea', () => {
  it('keeps 5 % clear around a landscape picture, 10–15 % around a portrait one', () => {
    expect(safeArea({ width: 1280, height: 720 })).toEqual({ left: 64, right: 64, top: 36, bottom: 36 });
    expect(safeArea({ width: 720, height: 1280 })).toEqual({ left: 72, right: 72, top: 128, bottom: 192 });
  });
});

describe('font metrics', () => {
  it('sizes the font as libass does: the Windows ascent plus descent equal the font size', () => {
    // A CJK character advances one em, 1000 of the 1160 + 288 units libass fits into the size.
    expect(measure.width('一二三四五六七八九十', 100)).toBeCloseTo(690.6, 1);
    expect(measure.lineHeight(100)).toBeCloseTo(100, 5);
    expect(subtitleFontMeasurer('Noto Sans CJK SC', true).width('Bold', 100)).toBeGreaterThan(
      measure.width('Bold', 100),
    );
  });
});

describe('breakLines', () => {
  it('breaks Chinese by width and balances the lines', () => {
    const lines = breakLines('这是一段没有任何标点符号的很长很长的中文字幕文字', box(16));
    expect(lines).toEqual(['这是一段没有任何标点符号', '的很长很长的中文字幕文字']);
  });

  it('prefers a break after a comma when the line stays at least 60 % full', () => {
    expect(breakLines('今天的天气非常好，我们一起去公园散步吧', box(14))).toEqual([
      '今天的天气非常好，',
      '我们一起去公园散步吧',
    ]);
  });

  it('never starts a line with closing punctuation nor ends one with opening punctuation', () => {
    const text = '他看着我说：“你到底想要什么？”我没有回答。「算了吧」，他叹了口气（其实他早就知道了）。';
    for (let chars = 4; chars <= 20; chars += 1) {
      for (const line of breakLines(text, box(chars))) {
        expect(line).not.toMatch(LINE_START_FORBIDDEN);
        expect(line).not.toMatch(LINE_END_FORBIDDEN);
      }
      expect(breakLines(text, box(chars)).join('')).toBe(text);
    }
  });

  it('keeps English words whole and puts the spaces back', () => {
    const text = 'Nobody expected the extraordinarily talented newcomer to win, least of all herself.';
    for (let chars = 8; chars <= 30; chars += 2) {
      const lines = breakLines(text, box(chars));
      expect(lines.join(' ')).toBe(text);
      for (const line of lines) expect(measure.width(line, 50)).toBeLessThanOrEqual(box(chars).maxWidth);
    }
  });

  it('cuts a single word wider than the line between its characters rather than overflow', () => {
    const url = 'https://example.com/an/extremely/long/address/without/spaces';
    const lines = breakLines(url, box(8));
    expect(lines.join('')).toBe(url);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure.width(line, 50)).toBeLessThanOrEqual(box(8).maxWidth);
  });
});

describe('layoutCue', () => {
  it('keeps a short cue in one part', () => {
    expect(layoutCue('你好，世界', 'Hello, world', box(16), box(16, 38))).toEqual([
      { share: 1, lines: ['你好，世界'], originalLines: ['Hello, world'] },
    ]);
  });

  it('splits a cue needing more than two lines into parts of at most two, timed by their width', () => {
    const text =
      '我从小就在这座城市长大，见证了它的每一次变化，如今再回到这里的时候，却发现一切都已经变得陌生了，连街角那家小店也不见了。';
    const parts = layoutCue(text, null, box(12), null);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((part) => part.lines.join('')).join('')).toBe(text);
    for (const part of parts) {
      expect(part.lines.length).toBeLessThanOrEqual(2);
      expect(part.originalLines).toEqual([]);
    }
    expect(parts.reduce((sum, part) => sum + part.share, 0)).toBeCloseTo(1, 9);
  });

  it('splits the original with the translation when the original is the longer one', () => {
    const original =
      'I grew up in this city and watched every change it went through, and now that I am back everything ' +
      'feels strange to me, even the little shop on the corner is gone.';
    const parts = layoutCue('我回来了。', original, box(16), box(16, 38));
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.lines).toEqual(['我回来了。']);
    expect(parts.map((part) => part.originalLines.join(' ')).join(' ')).toBe(original);
    for (const part of parts) expect(part.originalLines.length).toBeLessThanOrEqual(2);
    expect(parts.reduce((sum, part) => sum + part.share, 0)).toBeCloseTo(1, 9);
  });
});
