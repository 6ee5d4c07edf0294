import { SUBTITLE_ALIGNMENT_X, translateConfigSchema, type TranslateConfigInput } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { assColour, escapeAssText, subtitleLayout, writeAss } from './ass-write.js';
import { subtitleFontMeasurer } from './font-metrics.js';
import { safeArea } from './line-break.js';
import { assPlainText, parseSubtitles } from './subtitle-files.js';

const config = (input: TranslateConfigInput = {}) => translateConfigSchema.parse(input);
const LANDSCAPE = { width: 1280, height: 720 };
const PORTRAIT = { width: 720, height: 1280 };

describe('ASS colours and escaping', () => {
  it('writes &HAABBGGRR with the opacity as alpha (100 opaque)', () => {
    expect(assColour('#FFFFFF', 100)).toBe('&H00FFFFFF');
    expect(assColour('#FF8000', 50)).toBe('&H800080FF');
    expect(assColour('#12abEF', 0)).toBe('&HFFEFAB12');
  });

  it('keeps user text literal: no override tag, line break or hard space can be typed in', () => {
    const typed = 'a{\\an8\\pos(0,0)}b\\Nc\\h}{';
    const escaped = escapeAssText(typed);
    expect(escaped).toBe('a\\{\\\u200ban8\\\u200bpos(0,0)\\}b\\\u200bNc\\\u200bh\\}\\{');
    expect(escaped).not.toMatch(/(^|[^\\])[{}]/);
    expect(assPlainText(escaped)).toBe(typed);
    expect(escapeAssText('line\r\none')).toBe('line one');
  });
});

describe('subtitleLayout', () => {
  it('scales the defaults to the short side and places the block bottom at 60 % of the height', () => {
    const layout = subtitleLayout(config(), LANDSCAPE);
    // 720 / 288 = 2.5: size 22 → 55 px, outline 2 → 5, shadow 1 → 2.5; the original at three quarters.
    expect(layout.styles).toEqual([
      {
        name: 'Translation',
        fontname: 'Noto Sans CJK SC',
        fontsize: 55,
        primary: '&H00FFFFFF',
        outlineColour: '&H00000000',
        back: '&H80000000',
        bold: false,
        italic: false,
        underline: false,
        borderStyle: 1,
        outline: 5,
        shadow: 2.5,
        alignment: 2,
        marginL: 64,
        marginR: 64,
        marginV: 288,
      },
      expect.objectContaining({ name: 'Original', fontsize: 41, marginV: 288 }),
    ]);
    // The safe width less the outline on both sides, the shadow and a pixel to spare.
    expect(layout.main.maxWidth).toBe(1280 - 128 - 10 - 2.5 - 1);
    const portrait = subtitleLayout(config({ subtitle_type: 'single' }), PORTRAIT);
    expect(portrait.styles).toHaveLength(1);
    expect(portrait.styles[0]).toMatchObject({ fontsize: 55, marginL: 72, marginR: 72, marginV: 512 });
    expect(portrait.second).toBeNull();
  });

  it('anchors left, centre and right by subtitle_x inside the safe area', () => {
    const margins = (input: TranslateConfigInput) => {
      const [style] = subtitleLayout(config(input), LANDSCAPE).styles;
      return [style!.alignment, style!.marginL, style!.marginR];
    };
    expect(margins({ alignment: 'left', subtitle_x: SUBTITLE_ALIGNMENT_X.left })).toEqual([1, 64, 64]);
    expect(margins({ alignment: 'right', subtitle_x: SUBTITLE_ALIGNMENT_X.right })).toEqual([3, 64, 64]);
    expect(margins({ alignment: 'left', subtitle_x: 0.5 })).toEqual([1, 640, 64]);
    // A left-aligned anchor past the middle still leaves half the safe width.
    expect(margins({ alignment: 'left', subtitle_x: 0.9 })).toEqual([1, 640, 64]);
    // Centred on 384 px: as wide as the room on its left allows, 320 px each side.
    expect(margins({ alignment: 'center', subtitle_x: 0.3 })).toEqual([2, 64, 576]);
  });

  it('keeps the block inside the safe area whatever subtitle_y asks', () => {
    const marginV = (input: TranslateConfigInput, video = LANDSCAPE) =>
      subtitleLayout(config(input), video).styles[0]!.marginV;
    expect(marginV({ subtitle_y: 90 })).toBe(72);
    expect(marginV({ subtitle_y: 100 })).toBe(36);
    // Room for two lines of each language (55 + 41 px each, with the outline and shadow) under the top margin.
    expect(marginV({ subtitle_y: 0 })).toBe(720 - 36 - Math.ceil(2 * 55 + 2 * 41 + 10 + 2.5));
    expect(marginV({ subtitle_y: 100 }, PORTRAIT)).toBe(192);
  });

  it('maps the effect presets, weight and slant into the style', () => {
    const [style] = subtitleLayout(
      config({ effect_color_style: 'box', bold: true, italic: true, underline: true, font_color: '#ffcc00' }),
      LANDSCAPE,
    ).styles;
    expect(style).toMatchObject({
      borderStyle: 3,
      outlineColour: '&H60000000',
      primary: '&H0000CCFF',
      bold: true,
      italic: true,
      underline: true,
    });
  });
});

describe('writeAss', () => {
  it('writes the whole file: header, both styles and one bilingual event per cue', () => {
    const ass = writeAss(
      [
        { startMs: 1000, endMs: 2500, text: '你好，世界', original: 'Hello, world' },
        { startMs: 3000, endMs: 4000, text: '{\\an8}注入', original: null },
      ],
      config(),
      LANDSCAPE,
    );
    expect(ass).toBe(
      [
        '[Script Info]',
        '; 创作者中心 字幕翻译',
        'ScriptType: v4.00+',
        'PlayResX: 1280',
        'PlayResY: 720',
        'WrapStyle: 2',
        'ScaledBorderAndShadow: yes',
        'Kerning: yes',
        'YCbCr Matrix: None',
        '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, ' +
          'Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, ' +
          'MarginR, MarginV, Encoding',
        'Style: Translation,Noto Sans CJK SC,55,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,5,2.5,2,64,64,288,1',
        'Style: Original,Noto Sans CJK SC,41,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,5,2.5,2,64,64,288,1',
        '',
        '[Events]',
        'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
        'Dialogue: 0,0:00:01.00,0:00:02.50,Translation,,0,0,0,,你好，世界\\N{\\rOriginal}Hello, world',
        'Dialogue: 0,0:00:03.00,0:00:04.00,Translation,,0,0,0,,\\{\\\u200ban8\\}注入',
        '',
      ].join('\n'),
    );
    // Read back, the file gives the same texts.
    expect(parseSubtitles(ass).cues).toEqual([
      { startMs: 1000, endMs: 2500, text: '你好，世界\nHello, world' },
      { startMs: 3000, endMs: 4000, text: '{\\an8}注入' },
    ]);
  });

  it('splits a cue too long for two lines into consecutive events that share its time', () => {
    const text =
      '我从小就在这座城市长大，见证了它的每一次变化，如今再回到这里的时候，却发现一切都已经变得陌生了，连街角那家小店也不见了。';
    const ass = writeAss([{ startMs: 10_000, endMs: 20_000, text }], config({ font_size: 40 }), PORTRAIT);
    const cues = parseSubtitles(ass).cues;
    expect(cues.length).toBeGreaterThan(1);
    expect(cues[0]!.startMs).toBe(10_000);
    expect(cues.at(-1)!.endMs).toBe(20_000);
    cues.slice(1).forEach((cue, i) => expect(cue.startMs).toBe(cues[i]!.endMs));
    expect(cues.map((cue) => cue.text.replace(/\n/g, '')).join('')).toBe(text);
    for (const cue of cues) expect(cue.text.split('\n').length).toBeLessThanOrEqual(2);
  });
});

describe('every line inside the safe area, at every font size (measured with the font)', () => {
  const texts = [
    {
      text: '我从小就在这座城市长大，见证了它的每一次变化，如今再回到这里的时候，却发现一切都已经变得陌生了，连街角那家小店也不见了。',
      original:
        'I grew up in this city and watched every change it went through; now that I am back, everything feels ' +
        'strange, and even the little shop on the corner is gone.',
    },
    { text: '他看着我说：“你到底想要什么？”我没有回答。「算了吧」，他叹了口气（其实他早就知道了）。', original: '' },
    {
      text: '这是一段没有任何标点符号的非常非常长的中文字幕用来检验在没有标点的情况下能否正确换行而不超出画面',
      original: '',
    },
    { text: 'iPhone 15 Pro Max发布会上，Tim Cook宣布了全新的A17芯片和USB-C接口https://apple.com/iphone', original: '' },
  ];
  const LINE_START_FORBIDDEN = /^[，。！？、；：」』）》〉】”’,.!?;:)]/u;
  const LINE_END_FORBIDDEN = /[「『（《〈【“‘(]$/u;

  for (const video of [PORTRAIT, LANDSCAPE]) {
    it(`${video.width}×${video.height}: sizes 16–48, bilingual, bold and italic`, () => {
      const safe = safeArea(video);
      for (let size = 16; size <= 48; size += 1) {
        for (const extra of [{}, { bold: true, italic: true, outline: 8, shadow: 8 }] as TranslateConfigInput[]) {
          const chosen = config({ font_size: size, ...extra });
          const layout = subtitleLayout(chosen, video);
          const [main, second] = layout.styles;
          expect(main!.marginL).toBeGreaterThanOrEqual(safe.left);
          expect(main!.marginR).toBeGreaterThanOrEqual(safe.right);
          const measure = subtitleFontMeasurer(chosen.font, chosen.bold);
          const decoration = (fontsize: number) =>
            2 * main!.outline + main!.shadow + (chosen.italic ? measure.italicOverhang(fontsize) : 0);
          const room = video.width - main!.marginL - main!.marginR;
          const ass = writeAss(
            texts.map((t, i) => ({ startMs: i * 10_000, endMs: i * 10_000 + 8000, ...t })),
            chosen,
            video,
          );
          const events = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
          for (const event of events) {
            const body = event.split(',').slice(9).join(',');
            const [translation = '', original = ''] = body.split('{\\rOriginal}');
            const check = (part: string, fontsize: number) => {
              const lines = part.split('\\N').filter(Boolean);
              expect(lines.length).toBeLessThanOrEqual(2);
              for (const line of lines.map(assPlainText)) {
                expect(measure.width(line, fontsize) + decoration(fontsize), line).toBeLessThanOrEqual(room);
                expect(line).not.toMatch(LINE_START_FORBIDDEN);
                expect(line).not.toMatch(LINE_END_FORBIDDEN);
              }
            };
            check(translation, main!.fontsize);
            check(original, second!.fontsize);
          }
        }
      }
    });
  }
});
