import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('prefers the UTF-8 filename* that carries the Chinese name', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="episode-1.mp4"; filename*=UTF-8''%E9%9C%B8%E6%80%BB%E7%AC%AC1%E9%9B%86.mp4`,
      ),
    ).toBe('霸总第1集.mp4');
    expect(filenameFromContentDisposition(`attachment; filename*=utf-8'zh-CN'%E7%AC%AC2%E9%9B%86.mp4`)).toBe(
      '第2集.mp4',
    );
  });

  it('falls back to the plain filename, quoted or not', () => {
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".mp4"')).toBe('a "b".mp4');
    expect(filenameFromContentDisposition('attachment; filename=plain.mp4')).toBe('plain.mp4');
    expect(filenameFromContentDisposition(`attachment; filename="ok.mp4"; filename*=UTF-8''%E0%A4%A`)).toBe('ok.mp4');
  });

  it('drops folders and answers null when no file is named', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});
