import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  buildPosterSvg,
  fitNickname,
  posterCacheKey,
  posterFfmpegArgs,
  qrPath,
  type PosterInput,
} from './team-poster.js';

const input: PosterInput = {
  productName: '创作者中心',
  nickname: '小明',
  inviteCode: 'AB3DE7GH',
  link: 'https://cc.example.com/?invite_code=AB3DE7GH',
};

describe('invite poster', () => {
  it('fits a nickname to the card, counting Latin characters narrower than Chinese ones', () => {
    expect(fitNickname('  小明  ')).toBe('小明');
    expect(fitNickname('一二三四五六七八九十壹贰')).toBe('一二三四五六七八九十壹…');
    expect(fitNickname('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmn…');
    expect(fitNickname('a\u0000b\u001fc')).toBe('abc');
  });

  it('draws the QR code of the link, module for module', () => {
    const { path, size } = qrPath(input.link);
    const { modules } = QRCode.create(input.link, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    let dark = 0;
    for (let i = 0; i < modules.size * modules.size; i += 1) dark += modules.data[i] ? 1 : 0;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M0 0h1v1h-1z')).toBe(true);
  });

  it('lays out the product, the nickname, the code and a call to action, escaping what the user typed', () => {
    const svg = buildPosterSvg({ ...input, nickname: '<b>&"王\'' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1125" height="2001"/);
    expect(svg).toContain('>创作者中心</text>');
    expect(svg).toContain('>&lt;b&gt;&amp;&quot;王&#39;</text>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('>AB3DE7GH</text>');
    expect(svg).toContain('长按识别二维码，注册即加入团队');
    expect(svg).toContain("font-family=\"'Noto Sans CJK SC'");
  });

  it('shows the avatar, clipped to the circle, in place of the initial when there is one', () => {
    const initial = buildPosterSvg(input);
    expect(initial).toContain('>小</text>');
    expect(initial).not.toContain('<image');
    const svg = buildPosterSvg({ ...input, avatar: { name: '7-abc.png', png: Buffer.from('picture') } });
    expect(svg).toContain(`href="data:image/png;base64,${Buffer.from('picture').toString('base64')}"`);
    expect(svg).toContain('clip-path="url(#face)"');
    expect(svg).not.toContain('>小</text>');
  });

  it('rasterises with the SVG decoder to one RGB PNG frame', () => {
    expect(posterFfmpegArgs('/tmp/a.svg', '/tmp/a.png')).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'svg_pipe',
      '-i',
      '/tmp/a.svg',
      '-frames:v',
      '1',
      '-pix_fmt',
      'rgb24',
      '-c:v',
      'png',
      '-pred',
      'mixed',
      '-f',
      'image2',
      '/tmp/a.png',
    ]);
  });

  it('keys the cache by everything the poster shows', () => {
    const key = posterCacheKey(input);
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(posterCacheKey({ ...input })).toBe(key);
    const avatar = { name: '7-abc.png', png: Buffer.from('picture') };
    for (const change of [
      { nickname: '小红' },
      { link: 'https://other.example.com/?invite_code=AB3DE7GH' },
      { avatar },
      { avatar: { ...avatar, name: '7-def.png' } },
    ]) {
      expect(posterCacheKey({ ...input, ...change })).not.toBe(key);
    }
  });
});
