import { describe, expect, it } from 'vitest';
import { AI_TOOLS, toolAvailability } from './tool-availability.js';

const none = { llm: false, asr: false, tts: false };
const all = { llm: true, asr: true, tts: true };

describe('which AI tools the configured services allow', () => {
  it('runs every tool, with every part, when all three services are configured', () => {
    for (const tool of AI_TOOLS) {
      expect(toolAvailability(tool, all), tool).toEqual({ available: true, reason: null, without: {} });
    }
  });

  it('needs no service for the mixed cut, de-duplication and smart operations', () => {
    for (const tool of ['mixcut', 'dedup', 'ops'] as const) {
      expect(toolAvailability(tool, none), tool).toEqual({ available: true, reason: null, without: {} });
    }
  });

  it('needs the language service for translation, and recognition only for videos without subtitles', () => {
    expect(toolAvailability('translate', none)).toEqual({
      available: false,
      reason: '翻译服务未配置，请联系运营',
      without: { recognition: '语音识别服务未配置：请上传字幕文件，或选用自带字幕的视频' },
    });
    expect(toolAvailability('translate', { ...none, llm: true })).toEqual({
      available: true,
      reason: null,
      without: { recognition: '语音识别服务未配置：请上传字幕文件，或选用自带字幕的视频' },
    });
    expect(toolAvailability('translate', { ...all, llm: false }).available).toBe(false);
  });

  it('needs the language service for commentary, which speaks with the built-in voice without a speech service', () => {
    expect(toolAvailability('commentary', { ...all, llm: false })).toEqual({
      available: false,
      reason: '解说文案服务未配置，请联系运营',
      without: {},
    });
    expect(toolAvailability('commentary', { llm: true, asr: true, tts: false })).toEqual({
      available: true,
      reason: null,
      without: { voice: '语音合成服务未配置：仅可使用内置语音（机器合成）' },
    });
    expect(toolAvailability('commentary', { llm: true, asr: false, tts: true }).without).toEqual({
      recognition: '语音识别服务未配置：仅使用视频自带的字幕',
    });
  });

  it('parses shots and fingerprints with no service; transcripts and summaries need theirs', () => {
    expect(toolAvailability('parse', none)).toEqual({
      available: true,
      reason: null,
      without: {
        recognition: '语音识别服务未配置：仅使用视频自带的字幕',
        summary: '语言模型服务未配置：不生成剧情摘要',
      },
    });
  });
});
