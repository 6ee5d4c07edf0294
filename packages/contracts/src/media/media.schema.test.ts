/** Names and folders a creator types keep no line breaks, control or bidi characters (they forge logs and headers). */
import { describe, expect, it } from 'vitest';
import { mediaTypeMaxBytes, mediaTypeOfName, mediaUpdateSchema, withoutUnsafeCharacters } from './media.schema.js';

describe('media names', () => {
  it('refuses CR, LF, NUL and bidi controls in a name, a folder or a tag', () => {
    // U+2028 and U+2029 are line breaks too (LINE and PARAGRAPH SEPARATOR): a log viewer splits on them.
    for (const unsafe of [
      'a\rb',
      'a\nb',
      'a\u0000b',
      'a\u202Eb',
      'a\u2066b',
      'a\u200Fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
    ]) {
      expect(mediaUpdateSchema.safeParse({ name: unsafe }).success, JSON.stringify(unsafe)).toBe(false);
      expect(mediaUpdateSchema.safeParse({ folder: unsafe }).success).toBe(false);
      expect(mediaUpdateSchema.safeParse({ tags: [unsafe] }).success).toBe(false);
    }
    for (const path of ['../../x.mp4', 'a/b.mp4', 'a\\b.mp4', '..']) {
      expect(mediaUpdateSchema.safeParse({ name: path }).error?.issues[0]?.message, path).toBe(
        '素材名称不能含有 / 或 \\',
      );
    }
    const refused = mediaUpdateSchema.safeParse({ name: '剧集\u202Egpj.exe' });
    expect(refused.error?.issues[0]?.message).toBe('素材名称不能含有换行、控制字符或文字方向控制符');
    expect(mediaUpdateSchema.parse({ name: ' 第1集 高能.mp4 ', folder: '成品', tags: ['爆款'] })).toEqual({
      name: '第1集 高能.mp4',
      folder: '成品',
      tags: ['爆款'],
    });
  });

  it('removes them from a name that arrives from a file system', () => {
    expect(withoutUnsafeCharacters('clip\u202Egpj.exe\r\n\u0000.mp4')).toBe('clipgpj.exe.mp4');
    expect(withoutUnsafeCharacters('第1集 高能.mp4')).toBe('第1集 高能.mp4');
  });
});

describe('mediaTypeOfName', () => {
  it('proposes subtitle and audio by extension, in any case, and video for everything else', () => {
    expect(mediaTypeOfName('第1集.SRT')).toBe('subtitle');
    expect(mediaTypeOfName('a.ssa')).toBe('subtitle');
    expect(mediaTypeOfName('配乐.Mp3')).toBe('audio');
    expect(mediaTypeOfName('x.flac')).toBe('audio');
    expect(mediaTypeOfName('clip.mp4')).toBe('video');
    expect(mediaTypeOfName('srt')).toBe('video');
    expect(mediaTypeOfName('')).toBe('video');
  });

  it('limits subtitles and audio below a video, never above the server limit', () => {
    expect(mediaTypeMaxBytes('subtitle', 2 * 1024 ** 3)).toBe(4 * 1024 ** 2);
    expect(mediaTypeMaxBytes('audio', 2 * 1024 ** 3)).toBe(200 * 1024 ** 2);
    expect(mediaTypeMaxBytes('audio', 1000)).toBe(1000);
    expect(mediaTypeMaxBytes('video', 1000)).toBe(1000);
  });
});
