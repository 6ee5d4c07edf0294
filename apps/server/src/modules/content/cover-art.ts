/** Draws the demo catalogue's artwork as SVG: serial covers, banners and app icons, from a title and a palette. */
import { escapeMarkup } from '../../escape-markup.js';

const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

export interface Palette {
  from: string;
  to: string;
}

/** Splits a title into vertical columns read right to left: one column up to 6 characters, two beyond. */
export function titleColumns(title: string): string[][] {
  const chars = [...title].slice(0, 14);
  if (chars.length <= 6) return [chars];
  const half = Math.ceil(chars.length / 2);
  return [chars.slice(0, half), chars.slice(half)];
}

/** A 3:4 poster with the title set vertically in large type and a tag line. */
export function coverSvg(title: string, tagline: string, palette: Palette): string {
  const columns = titleColumns(title);
  const longest = Math.max(...columns.map((c) => c.length));
  // The title sits between y=56 and the tag line at y=330.
  const size = Math.min(42, Math.floor(264 / longest) - 6);
  const lines = columns
    .flatMap((column, col) =>
      column.map(
        (c, i) =>
          `<text x="${236 - col * (size + 14)}" y="${56 + size + i * (size + 6)}" font-size="${size}" font-weight="700">${escapeMarkup(c)}</text>`,
      ),
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<circle cx="70" cy="300" r="120" fill="#fff" opacity="0.08"/><circle cx="250" cy="60" r="70" fill="#fff" opacity="0.1"/>
<g fill="#fff" font-family="${FONT}" text-anchor="middle">${lines}</g>
<rect x="20" y="340" width="260" height="36" rx="18" fill="#000" opacity="0.25"/>
<text x="150" y="364" fill="#fff" font-family="${FONT}" font-size="16" text-anchor="middle">${escapeMarkup(tagline)}</text>
</svg>`;
}

/** A wide 16:5 banner with a headline and a sub line. */
export function bannerSvg(headline: string, subline: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="375" viewBox="0 0 1200 375">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="1200" height="375" fill="url(#g)"/>
<circle cx="1040" cy="90" r="180" fill="#fff" opacity="0.1"/><circle cx="900" cy="380" r="140" fill="#fff" opacity="0.08"/>
<g fill="#fff" font-family="${FONT}"><text x="80" y="170" font-size="64" font-weight="700">${escapeMarkup(headline)}</text>
<text x="82" y="240" font-size="30" opacity="0.9">${escapeMarkup(subline)}</text></g>
</svg>`;
}

/** A rounded square app icon with the app's first character. */
export function iconSvg(name: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="128" height="128" rx="28" fill="url(#g)"/>
<text x="64" y="84" fill="#fff" font-family="${FONT}" font-size="56" font-weight="700" text-anchor="middle">${escapeMarkup([...name][0] ?? '')}</text>
</svg>`;
}
