import { describe, expect, it } from 'vitest';
import { coverSvg, titleColumns } from './cover-art.js';

describe('cover art', () => {
  it('sets short titles in one column and long ones in two, read right to left', () => {
    expect(titleColumns('龙王归来')).toEqual([['龙', '王', '归', '来']]);
    expect(titleColumns('重生之我在八零当首富').map((c) => c.join(''))).toEqual(['重生之我在', '八零当首富']);
  });

  it('escapes the title and keeps every character above the tag line', () => {
    const svg = coverSvg('A&B<剧>', '甜宠', { from: '#000', to: '#fff' });
    expect(svg).toContain('&amp;');
    expect(svg).not.toContain('<剧>');
    const ys = [
      ...coverSvg('闪婚后大佬每天都在掉马', '甜宠', { from: '#000', to: '#fff' }).matchAll(
        /y="(\d+)" font-size="(\d+)" font-weight/g,
      ),
    ].map((m) => Number(m[1]));
    expect(Math.max(...ys)).toBeLessThan(340);
  });
});
