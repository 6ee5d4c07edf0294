import { describe, expect, it } from 'vitest';
import {
  applyReflection,
  batchesOf,
  CONTEXT_LINES,
  glossaryFor,
  readTranslation,
  reflectionMessages,
  translationMessages,
} from './translate-prompts.js';

const lines = Array.from({ length: 45 }, (_, i) => `line ${i + 1}`);

describe('batches and prompts', () => {
  it('cuts the lines into batches of 20 in order, the last one short', () => {
    expect(batchesOf(45)).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 45 },
    ]);
    expect(batchesOf(0)).toEqual([]);
  });

  it('numbers the batch over the whole video and shows its neighbours as context only', () => {
    const [system, user] = translationMessages({
      lines,
      batch: { start: 20, end: 40 },
      source: 'en',
      target: 'zh',
      glossary: [],
    });
    expect(system!.content).toContain('Source language: English. Target language: Simplified Chinese.');
    expect(system!.content).not.toContain('Glossary');
    const body = JSON.parse(user!.content) as {
      context_before: string[];
      lines: { id: number }[];
      context_after: string[];
    };
    expect(body.context_before).toEqual(lines.slice(20 - CONTEXT_LINES, 20));
    expect(body.context_after).toEqual(lines.slice(40, 40 + CONTEXT_LINES));
    expect(body.lines.map((line) => line.id)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
  });

  it('names only the glossary terms a batch uses, turned to face the translation, longest first', () => {
    const glossary = [
      { source: 'Li', target: '李' },
      { source: 'Li Lei', target: '李雷' },
      { source: '韩梅梅', target: 'Han Meimei' },
      { source: 'unused', target: '没用' },
    ];
    expect(glossaryFor(['li lei met HAN MEIMEI'], glossary)).toEqual([
      { source: 'Han Meimei', target: '韩梅梅' },
      { source: 'Li Lei', target: '李雷' },
      { source: 'Li', target: '李' },
    ]);
    const [system] = reflectionMessages({
      lines: ['Li Lei is here'],
      batch: { start: 0, end: 1 },
      source: 'en',
      target: 'zh',
      glossary,
      drafts: ['李雷在这'],
    });
    expect(system!.content).toContain('- Li Lei => 李雷');
    expect(system!.content).not.toContain('unused');
  });
});

describe('reading the answers', () => {
  const batch = { start: 2, end: 4 };

  it('takes a first pass that gives every id of the batch in order (ids written as text count)', () => {
    expect(
      readTranslation(
        {
          lines: [
            { id: 3, text: ' 三 ' },
            { id: '4', text: '四' },
          ],
        },
        batch,
      ),
    ).toEqual(['三', '四']);
  });

  it.each([
    ['a line missing', { lines: [{ id: 3, text: '三' }] }],
    [
      'lines swapped',
      {
        lines: [
          { id: 4, text: '四' },
          { id: 3, text: '三' },
        ],
      },
    ],
    [
      'an empty text',
      {
        lines: [
          { id: 3, text: '' },
          { id: 4, text: '四' },
        ],
      },
    ],
    ['no list', { translations: ['三', '四'] }],
    [
      'an id of another batch',
      {
        lines: [
          { id: 3, text: '三' },
          { id: 5, text: '五' },
        ],
      },
    ],
  ])('refuses a first pass with %s', (_, answer) => {
    expect(readTranslation(answer, batch)).toBeNull();
  });

  it('replaces only the drafts the review improved and ignores what it cannot use', () => {
    const drafts = ['三', '四'];
    expect(applyReflection({ lines: [{ id: 4, text: '肆' }] }, batch, drafts)).toEqual(['三', '肆']);
    expect(
      applyReflection(
        { lines: [{ id: 9, text: '九' }, { id: 3 }, 'text', { id: 3.5, text: 'x' }, { id: 3, text: '  ' }] },
        batch,
        drafts,
      ),
    ).toEqual(drafts);
    expect(applyReflection({ verdict: 'good' }, batch, drafts)).toEqual(drafts);
  });
});
