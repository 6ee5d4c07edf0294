import { describe, expect, it } from 'vitest';
import { punctuatedWords } from './subtitle-source.js';

describe('punctuatedWords', () => {
  it('gives bare recognised words the punctuation that follows them in the segment', () => {
    const words = ['Hello', 'world', 'We', 'love', 'it'].map((text) => ({ text, startMs: 0, endMs: 1 }));
    expect(punctuatedWords('Hello, world! We love "it".', words).map((w) => w.text)).toEqual([
      'Hello,',
      'world!',
      'We',
      'love',
      'it".',
    ]);
  });

  it('handles Chinese characters and keeps a word it cannot find as it came', () => {
    const words = ['你', '好', '吗', '呢'].map((text) => ({ text }));
    expect(punctuatedWords('你好吗？', words).map((w) => w.text)).toEqual(['你', '好', '吗？', '呢']);
  });
});
