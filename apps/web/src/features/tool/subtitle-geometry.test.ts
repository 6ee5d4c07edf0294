import { TRANSLATE_DEFAULTS } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import {
  EM_SHARE,
  coverBandBox,
  cssColour,
  outlineTextShadow,
  subtitleGeometry,
  type GeometryConfig,
} from './subtitle-geometry';

const config: GeometryConfig = { ...TRANSLATE_DEFAULTS };
const portrait = { width: 720, height: 1280 };
const landscape = { width: 1280, height: 720 };

describe('subtitle geometry', () => {
  it('counts sizes on a 288-line short side: 22 is 55 px on 720 × 1280 and 1280 × 720 alike', () => {
    for (const video of [portrait, landscape]) {
      const g = subtitleGeometry(config, video);
      expect(g.mainSize).toBe(55);
      expect(g.secondSize).toBe(41);
      expect(g.outline).toBe(5);
      expect(g.shadow).toBe(2.5);
      expect(g.mainFontSize).toBeCloseTo(55 * EM_SHARE['Noto Sans CJK SC'], 6);
    }
    expect(subtitleGeometry({ ...config, font_size: 48 }, { width: 1080, height: 1920 }).mainSize).toBe(180);
    expect(subtitleGeometry({ ...config, subtitle_type: 'single' }, portrait).secondSize).toBeNull();
  });

  it('puts the block bottom at subtitle_y percent of the height, inside the safe area', () => {
    // 60 %: 40 % of 1280 above the bottom.
    expect(subtitleGeometry(config, portrait).marginV).toBe(512);
    // Lower than the portrait safe area's 15 %: held at it.
    expect(subtitleGeometry({ ...config, subtitle_y: 100 }, portrait).marginV).toBe(192);
    // Higher than the top safe area leaves room for two lines of each language (and outline, shadow).
    const top = subtitleGeometry({ ...config, subtitle_y: 0 }, portrait);
    expect(top.marginV).toBe(Math.floor(1280 - 128 - (2 * 55 + 2 * 41 + 2 * 5 + 2.5)));
    expect(subtitleGeometry({ ...config, subtitle_y: 100 }, landscape).marginV).toBe(36);
  });

  it('anchors the text box by subtitle_x and the alignment inside the safe width', () => {
    // Centred: the whole safe width (10 % each side on a portrait picture).
    expect(subtitleGeometry(config, portrait)).toMatchObject({ marginL: 72, marginR: 72, align: 'center' });
    // Left at 0: from the safe edge to the right safe edge.
    expect(subtitleGeometry({ ...config, alignment: 'left', subtitle_x: 0 }, portrait)).toMatchObject({
      marginL: 72,
      marginR: 72,
    });
    // Left anchored at 90 %: the box keeps at least half the safe width.
    expect(subtitleGeometry({ ...config, alignment: 'left', subtitle_x: 0.9 }, portrait)).toMatchObject({
      marginL: 360,
      marginR: 72,
    });
    // Centred at 20 %: the centre moves in until the box is half the safe width.
    expect(subtitleGeometry({ ...config, subtitle_x: 0.2 }, landscape)).toMatchObject({ marginL: 64, marginR: 640 });
  });

  it('keeps the cover band inside the picture', () => {
    expect(coverBandBox({ y: 85, height: 10 })).toEqual({ top: 80, height: 10 });
    expect(coverBandBox({ y: 98, height: 10 })).toEqual({ top: 90, height: 10 });
    expect(coverBandBox({ y: 1, height: 10 })).toEqual({ top: 0, height: 10 });
  });
});

describe('subtitle paint', () => {
  const px = (n: number) => `${n}px`;

  it('draws an outline ring and an offset shadow for outline presets, nothing for the box', () => {
    const shadow = outlineTextShadow('black', 2, 1, px);
    const layers = shadow.split(/(?<=\)), /);
    expect(layers).toHaveLength(17);
    expect(layers[0]).toBe('2px 0px 0 rgb(0, 0, 0)');
    expect(layers[16]).toBe('1px 1px 0 rgba(0, 0, 0, 0.5)');
    expect(outlineTextShadow('white', 0, 0, px)).toBe('none');
    expect(outlineTextShadow('box', 2, 1, px)).toBe('none');
  });

  it('writes the colour with its opacity', () => {
    expect(cssColour('#FF8000', 100)).toBe('rgba(255, 128, 0, 1)');
    expect(cssColour('#ffffff', 35)).toBe('rgba(255, 255, 255, 0.35)');
  });
});
