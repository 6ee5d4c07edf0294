import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    const blocks = parseMarkdown('# 标题\n\n第一段\n继续\n\n1. 一\n2. 二\n\n- 甲\n- 乙\n## 小节');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'heading']);
    expect(blocks[1]).toEqual({ kind: 'paragraph', content: [{ kind: 'text', text: '第一段 继续' }] });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: true, items: [[{ text: '一' }], [{ text: '二' }]] });
    expect(blocks[3]).toMatchObject({ kind: 'list', ordered: false });
    expect(blocks[4]).toMatchObject({ kind: 'heading', level: 2 });
  });

  it('reads bold, code and links inline', () => {
    expect(parseInline('点击 **推广** 复制 `口令` 见[帮助](/help)')).toEqual([
      { kind: 'text', text: '点击 ' },
      { kind: 'strong', text: '推广' },
      { kind: 'text', text: ' 复制 ' },
      { kind: 'code', text: '口令' },
      { kind: 'text', text: ' 见' },
      { kind: 'link', text: '帮助', href: '/help' },
    ]);
  });

  it('never makes a link of a script or protocol-relative address', () => {
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({ kind: 'text', text: 'x' });
    expect(parseInline('[x](//evil.example)')[0]).toEqual({ kind: 'text', text: 'x' });
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
  });
});
