/**
 * Whether each AI tool can run with the services this server has, and why not, in the creator's words. A tool
 * that needs a service that is not configured is unavailable (and charges nothing); a part of a tool that needs one
 * (recognition, summaries, a service voice) is named in `without`, so a run that asks for it is refused before
 * it is charged while the rest of the tool works.
 */
import type { AiServicesConfigured } from '../../providers/ai/ai-providers.js';

/** The AI tools by id: the video tools and the ones built on the AI services. */
export const AI_TOOLS = ['mixcut', 'dedup', 'translate', 'commentary', 'parse', 'ops'] as const;
export type AiTool = (typeof AI_TOOLS)[number];

/** A part of a tool that needs a service of its own. */
export type AiToolPart = 'recognition' | 'summary' | 'voice';

export interface ToolAvailability {
  available: boolean;
  /** Why not, in Chinese; null when available. */
  reason: string | null;
  /** The parts the tool does only with a service that is not configured, each with what to tell the creator. */
  without: Partial<Record<AiToolPart, string>>;
}

const RECOGNITION_FOR_TRANSLATE = '语音识别服务未配置：请上传字幕文件，或选用自带字幕的视频';
const RECOGNITION_EMBEDDED_ONLY = '语音识别服务未配置：仅使用视频自带的字幕';

export function toolAvailability(tool: AiTool, services: AiServicesConfigured): ToolAvailability {
  const without: ToolAvailability['without'] = {};
  let reason: string | null = null;
  switch (tool) {
    case 'translate':
      if (!services.llm) reason = '翻译服务未配置，请联系运营';
      if (!services.asr) without.recognition = RECOGNITION_FOR_TRANSLATE;
      break;
    case 'commentary':
      if (!services.llm) reason = '解说文案服务未配置，请联系运营';
      if (!services.asr) without.recognition = RECOGNITION_EMBEDDED_ONLY;
      if (!services.tts) without.voice = '语音合成服务未配置：仅可使用内置语音（机器合成）';
      break;
    case 'parse':
      if (!services.asr) without.recognition = RECOGNITION_EMBEDDED_ONLY;
      if (!services.llm) without.summary = '语言模型服务未配置：不生成剧情摘要';
      break;
    case 'mixcut':
    case 'dedup':
    case 'ops':
      break;
  }
  return { available: reason === null, reason, without };
}
