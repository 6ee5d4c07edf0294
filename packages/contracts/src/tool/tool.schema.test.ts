/** The translate config: every field of the form with its default, and refusals a creator can read. */
import { describe, expect, it } from 'vitest';
import { SUBTITLE_ALIGNMENT_X, TRANSLATE_DEFAULTS, translateConfigSchema } from './tool.schema.js';

const messageOf = (input: unknown) => translateConfigSchema.safeParse(input).error?.issues[0]?.message;

describe('translateConfigSchema', () => {
  it('fills every field with its default: size 22, y 60, opaque, bilingual, centred', () => {
    // The spec's fields with their defaults; the rest are ours and start empty (no file, default voice, no band).
    expect(translateConfigSchema.parse({})).toEqual({
      ...TRANSLATE_DEFAULTS,
      subtitle_media_id: null,
      speech_voice: null,
      cover_band: null,
    });
    expect(TRANSLATE_DEFAULTS).toMatchObject({
      font_size: 22,
      subtitle_y: 60,
      font_color_opacity: 100,
      subtitle_type: 'double',
      alignment: 'center',
      subtitle_x: SUBTITLE_ALIGNMENT_X.center,
      font: 'Noto Sans CJK SC',
    });
    expect(Object.keys(TRANSLATE_DEFAULTS).sort()).toEqual(
      [
        'source_language',
        'target_language',
        'need_speech_translate',
        'subtitle_type',
        'subtitle_x',
        'subtitle_y',
        'font',
        'font_size',
        'font_color',
        'alignment',
        'bold',
        'underline',
        'italic',
        'font_color_opacity',
        'shadow',
        'outline',
        'effect_color_style',
      ].sort(),
    );
  });

  it('keeps what the creator chose, the colour upper-cased', () => {
    const config = translateConfigSchema.parse({
      source_language: 'zh',
      target_language: 'en',
      subtitle_type: 'single',
      alignment: 'right',
      subtitle_x: SUBTITLE_ALIGNMENT_X.right,
      subtitle_y: 85,
      font: 'Noto Serif CJK SC',
      font_size: 48,
      font_color: '#ffcc00',
      bold: true,
      font_color_opacity: 0,
      effect_color_style: 'box',
    });
    expect(config).toMatchObject({ subtitle_x: 0.9999, font_color: '#FFCC00', font_size: 48, bold: true });
  });

  it('refuses out-of-range or malformed fields in Chinese', () => {
    expect(messageOf({ font_size: 12 })).toBe('字号不能小于16');
    expect(messageOf({ font_size: 22.5 })).toBe('字号须为整数');
    expect(messageOf({ font_color: 'red' })).toBe('字体颜色须为 #RRGGBB');
    expect(messageOf({ font_color_opacity: 101 })).toBe('字体不透明度不能大于100');
    expect(messageOf({ subtitle_y: -1 })).toBe('字幕纵向位置不能小于0');
    expect(messageOf({ subtitle_x: 1.5 })).toBe('字幕横向位置不能大于1');
    expect(messageOf({ font: 'Comic Sans' })).toBe('字体不正确');
    expect(messageOf({ effect_color_style: 'neon' })).toBe('描边样式不正确');
    expect(messageOf({ bold: 'yes' })).toBe('加粗不正确');
    expect(messageOf({ source_language: 'zh', target_language: 'zh' })).toBe('原文语言与译文语言不能相同');
    expect(messageOf('x')).toBe('翻译设置不正确');
  });
});
