/**
 * The invite poster, as pure functions: its layout as SVG (product name, the creator's avatar — or the nickname's first
 * character when there is none —, nickname and invite code, a QR code of the invite link, a call to action), the ffmpeg arguments that rasterise it to PNG (ffmpeg's librsvg
 * decoder, whose text goes through fontconfig to the Noto CJK font the video tools use), and the cache key that
 * changes exactly when what the poster shows changes.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { escapeMarkup } from '../../escape-markup.js';

export interface PosterInput {
  productName: string;
  nickname: string;
  inviteCode: string;
  /** The link the QR code opens (`/?invite_code=…`). */
  link: string;
  /**
   * The creator's avatar, embedded in the SVG as a data URI (the rasteriser reads no other file): `name` is the
   * image's stored name (it keys the cache), `png` a small square PNG made from it. Absent: the nickname's initial.
   */
  avatar?: { name: string; png: Buffer };
}

/** Layout units: a 750 × 1334 phone screen, rasterised at 1.5× for a crisp 1125 × 2001 PNG. */
export const POSTER_VIEW = { width: 750, height: 1334 } as const;
export const POSTER_SCALE = 1.5;
/** Bumped whenever the layout changes, so cached posters of the old layout are made again. */
export const POSTER_LAYOUT_VERSION = 2;
/** Side in pixels of the avatar picture the poster embeds (its circle is 92 layout units, 138 px at 1.5×). */
export const POSTER_AVATAR_PX = 184;

const FONT = `'Noto Sans CJK SC', 'Noto Sans CJK', 'Noto Sans SC', sans-serif`;
const PRIMARY = '#165DFF';
const TEXT = '#1D2129';
const MUTED = '#4E5969';
/** Widest nickname the card holds, counting a CJK character as 1 and a Latin one as 0.75. */
const NICKNAME_MAX_WIDTH = 11;

/** Characters XML 1.0 cannot carry at all (control characters): dropped rather than breaking the document. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: XML cannot carry them
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Display width of a character: CJK and other wide characters 1, Latin 0.75 (bold W is nearly as wide as a CJK character). */
const widthOf = (char: string) => (char.charCodeAt(0) <= 0xff ? 0.75 : 1);

/** A nickname cut to what the card can show, with an ellipsis when it was cut. */
export function fitNickname(nickname: string, maxWidth = NICKNAME_MAX_WIDTH): string {
  const clean = nickname.replace(XML_INVALID, '').trim();
  let width = 0;
  let shown = '';
  for (const char of clean) {
    if (width + widthOf(char) > maxWidth) return `${shown}…`;
    width += widthOf(char);
    shown += char;
  }
  return shown;
}

/** The dark modules of a QR code of `text` as one SVG path in module units, and the code's size in modules. */
export function qrPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: modules.size };
}

const text = (x: number, y: number, size: number, fill: string, content: string, extra = '', anchor = 'middle') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" text-anchor="${anchor}"${extra}>${escapeMarkup(content.replace(XML_INVALID, ''))}</text>`;

/** The poster's SVG document. Every user-supplied text is escaped; nothing of it is read as markup. */
export function buildPosterSvg(input: PosterInput): string {
  const { width, height } = POSTER_VIEW;
  const nickname = fitNickname(input.nickname);
  const initial = [...nickname][0] ?? '创';
  const qr = qrPath(input.link);
  const qrBox = 320;
  const qrX = (width - qrBox) / 2;
  const qrY = 620;
  const module = qrBox / (qr.size + 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * POSTER_SCALE}" height="${Math.round(height * POSTER_SCALE)}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${PRIMARY}"/><stop offset="0.55" stop-color="#4080FF"/><stop offset="1" stop-color="#94BFFF"/></linearGradient>`,
    `<linearGradient id="pill" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#E8F3FF"/><stop offset="1" stop-color="#F2F3FF"/></linearGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    // Soft circles give the flat gradient some depth without any image asset.
    `<circle cx="660" cy="90" r="170" fill="#FFFFFF" fill-opacity="0.08"/>`,
    `<circle cx="70" cy="420" r="120" fill="#FFFFFF" fill-opacity="0.06"/>`,
    `<circle cx="700" cy="1240" r="200" fill="#FFFFFF" fill-opacity="0.07"/>`,
    text(width / 2, 150, 64, '#FFFFFF', input.productName, ' font-weight="700" letter-spacing="6"'),
    text(width / 2, 210, 28, '#FFFFFF', '短剧推广 · AI 视频工具 · 收益分成', ' fill-opacity="0.9"'),
    `<rect x="50" y="290" width="${width - 100}" height="900" rx="36" fill="#FFFFFF"/>`,
    `<circle cx="${width / 2}" cy="290" r="56" fill="#FFFFFF"/>`,
    `<circle cx="${width / 2}" cy="290" r="46" fill="${PRIMARY}"/>`,
    input.avatar
      ? `<clipPath id="face"><circle cx="${width / 2}" cy="290" r="46"/></clipPath>` +
        `<image x="${width / 2 - 46}" y="244" width="92" height="92" preserveAspectRatio="xMidYMid slice" clip-path="url(#face)" href="data:image/png;base64,${input.avatar.png.toString('base64')}"/>`
      : text(width / 2, 306, 44, '#FFFFFF', initial, ' font-weight="700"'),
    text(width / 2, 410, 40, TEXT, nickname, ' font-weight="700"'),
    text(width / 2, 466, 30, MUTED, '邀请你加入我的创作者团队'),
    text(width / 2, 540, 34, PRIMARY, '一起推广短剧，轻松赚取收益', ' font-weight="700"'),
    `<rect x="${qrX - 16}" y="${qrY - 16}" width="${qrBox + 32}" height="${qrBox + 32}" rx="20" fill="#FFFFFF" stroke="#E5E6EB" stroke-width="2"/>`,
    `<g transform="translate(${qrX + module} ${qrY + module}) scale(${module})"><path d="${qr.path}" fill="${TEXT}"/></g>`,
    text(width / 2, qrY + qrBox + 74, 30, TEXT, '长按识别二维码，注册即加入团队', ' font-weight="700"'),
    `<rect x="${width / 2 - 210}" y="${qrY + qrBox + 104}" width="420" height="72" rx="36" fill="url(#pill)"/>`,
    text(width / 2 - 80, qrY + qrBox + 151, 30, MUTED, '邀请码', '', 'end'),
    text(
      width / 2 - 60,
      qrY + qrBox + 152,
      34,
      PRIMARY,
      input.inviteCode,
      ' font-weight="700" letter-spacing="6"',
      'start',
    ),
    text(width / 2, 1262, 26, '#FFFFFF', '海量短剧任务 · 推广即有分成 · 收益按时结算', ' fill-opacity="0.92"'),
    '</svg>',
  ].join('');
}

/**
 * ffmpeg arguments that rasterise the poster SVG to one PNG frame: the SVG is read by the librsvg decoder, flattened
 * onto RGB (a poster has no transparency) and written with the best PNG filter choice for flat artwork.
 */
export function posterFfmpegArgs(svgFile: string, pngFile: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'svg_pipe', '-i', svgFile],
    ...['-frames:v', '1', '-pix_fmt', 'rgb24', '-c:v', 'png', '-pred', 'mixed'],
    ...['-f', 'image2', pngFile],
  ];
}

/** A short digest of everything the poster shows: the cached file is valid exactly while this stays the same. */
export function posterCacheKey(input: PosterInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        POSTER_LAYOUT_VERSION,
        input.productName,
        input.nickname,
        input.inviteCode,
        input.link,
        input.avatar?.name ?? null,
      ]),
    )
    .digest('hex')
    .slice(0, 20);
}
