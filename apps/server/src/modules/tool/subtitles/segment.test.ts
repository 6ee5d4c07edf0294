import { describe, expect, it } from 'vitest';
import { segmentSentences } from './segment.js';

describe('segmentSentences', () => {
  it('merges cues that cut an English sentence, with a space, and ends sentences at their punctuation', () => {
    const cues = [
      { startMs: 0, endMs: 1000, text: 'I went to the' },
      { startMs: 1000, endMs: 2500, text: 'store yesterday. Then' },
      { startMs: 2500, endMs: 3500, text: 'I came home.' },
    ];
    // "Then" is the last 4 of the second cue's 19 characters: it starts at 1000 + 1500 × 15 / 19.
    expect(segmentSentences(cues, { language: 'en' })).toEqual([
      { startMs: 0, endMs: 2184, text: 'I went to the store yesterday.' },
      { startMs: 2184, endMs: 3500, text: 'Then I came home.' },
    ]);
  });

  it('joins Chinese without spaces and shares a cue out by characters', () => {
    expect(
      segmentSentences(
        [
          { startMs: 0, endMs: 4000, text: '今天天气很好。我们去公园' },
          { startMs: 4000, endMs: 4500, text: '吧！' },
        ],
        { language: 'zh' },
      ),
    ).toEqual([
      { startMs: 0, endMs: 2333, text: '今天天气很好。' },
      { startMs: 2333, endMs: 4500, text: '我们去公园吧！' },
    ]);
  });

  it('uses word timestamps when the recognition gave them', () => {
    const cue = {
      startMs: 0,
      endMs: 2100,
      text: 'Hello world. How are you?',
      words: [
        { startMs: 0, endMs: 400, text: 'Hello' },
        { startMs: 500, endMs: 900, text: ' world.' },
        { startMs: 1500, endMs: 1700, text: 'How' },
        { startMs: 1700, endMs: 1800, text: 'are' },
        { startMs: 1800, endMs: 2100, text: 'you?' },
      ],
    };
    expect(segmentSentences([cue], { language: 'en' })).toEqual([
      { startMs: 0, endMs: 900, text: 'Hello world.' },
      { startMs: 1500, endMs: 2100, text: 'How are you?' },
    ]);
    const chinese = {
      startMs: 0,
      endMs: 1200,
      text: '你好世界。',
      words: [
        { startMs: 0, endMs: 500, text: '你好' },
        { startMs: 500, endMs: 1200, text: '世界。' },
      ],
    };
    expect(segmentSentences([chinese], { language: 'zh' })).toEqual([{ startMs: 0, endMs: 1200, text: '你好世界。' }]);
  });

  it('ends a sentence at a long pause, not at an abbreviation or an initial', () => {
    const cues = [
      { startMs: 0, endMs: 1000, text: 'Mr. Smith met J. Doe' },
      { startMs: 1200, endMs: 2000, text: 'in the U.S. office' },
      { startMs: 4000, endMs: 5000, text: 'later that day' },
    ];
    expect(segmentSentences(cues, { language: 'en' }).map((cue) => cue.text)).toEqual([
      'Mr. Smith met J. Doe in the U.S. office',
      'later that day',
    ]);
  });

  it('splits a long Chinese sentence at its comma near the middle', () => {
    const text = '我从小在这座城市长大见证了它的每一次变化，如今再回到这里却发现一切都已经变得陌生了';
    const parts = segmentSentences([{ startMs: 0, endMs: 6000, text }], { language: 'zh' });
    expect(parts.map((cue) => cue.text)).toEqual([
      '我从小在这座城市长大见证了它的每一次变化，',
      '如今再回到这里却发现一切都已经变得陌生了',
    ]);
    expect(parts[0]!.endMs).toBe(parts[1]!.startMs);
    expect(parts[1]!.endMs).toBe(6000);
  });

  it('splits a long English sentence between words only, each part within the limits', () => {
    const text =
      'The committee reviewed the extraordinarily complicated proposal for several hours before anyone dared ' +
      'to suggest that the underlying assumptions might be fundamentally mistaken';
    const parts = segmentSentences([{ startMs: 0, endMs: 9000, text }], { language: 'en', maxChars: 42 });
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.map((cue) => cue.text).join(' ')).toBe(text);
    const words = new Set(text.split(' '));
    for (const part of parts) {
      expect(part.text.length).toBeLessThanOrEqual(42);
      for (const word of part.text.split(' ')) expect(words.has(word)).toBe(true);
    }
    // Each part follows the one before it without a gap or an overlap.
    parts.slice(1).forEach((part, i) => expect(part.startMs).toBe(parts[i]!.endMs));
  });

  it('splits a sentence spoken for longer than the maximum duration', () => {
    const cues = [{ startMs: 0, endMs: 12_000, text: '慢慢地说一句很短的话' }];
    const parts = segmentSentences(cues, { language: 'zh', maxDurationMs: 5000 });
    expect(parts.map((cue) => cue.text).join('')).toBe('慢慢地说一句很短的话');
    for (const part of parts) expect(part.endMs - part.startMs).toBeLessThanOrEqual(5000);
  });

  it('keeps a single word longer than the limit whole', () => {
    const url = 'https://example.com/a/very/long/path/that/never/ends/anywhere/at/all';
    expect(segmentSentences([{ startMs: 0, endMs: 1000, text: url }], { language: 'en', maxChars: 20 })).toEqual([
      { startMs: 0, endMs: 1000, text: url },
    ]);
  });
});
