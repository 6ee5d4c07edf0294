/**
 * The narration script: the episodes' shots (from the stored analysis) and dialogue go to the language service in
 * JSON mode with the chosen style; its answer is checked line by line (a hook first, each line tied to shots that
 * exist, within the character budget) and turned into `shot_scripts`. An unusable answer is asked for once more;
 * a second one fails with a reason the creator can read.
 */
import {
  MAX_LINE_CLIPS,
  MAX_SCRIPT_LINES,
  SCRIPT_LINE_MAX_CHARS,
  SPEECH_STYLE_LABELS,
  type ScriptLine,
  type SpeechStyle,
} from '@cc/contracts';
import { z } from 'zod';
import { AiServiceError } from '../../../providers/ai/ai-http.js';
import type { ChatAnswer, ChatRequest } from '../../../providers/ai/llm-client.js';
import type { Cue } from '../subtitles/cue.js';
import type { MediaAnalysis } from '../video/analyze.js';

/** Marks the narration prompt (the test server answers it with a script of its own making). */
export const NARRATION_PROMPT_MARK = '【影视解说文案】';
/** Characters a narrator speaks in a second, at an even pace: sets the script's character budget. */
export const NARRATION_CHARS_PER_SECOND = 4;
/** The narration's length: half the episodes' time, between these bounds (seconds). */
export const NARRATION_SECONDS = { min: 15, max: 120 } as const;
/** Shots shorter than this are joined to the next; longer ones are cut in pieces of about `SHOT_PIECE`. */
const SHOT_MIN = 1;
const SHOT_MAX = 8;
const SHOT_PIECE = 4;
/** Shots and dialogue lines of one episode the prompt carries at most. */
const PROMPT_SHOTS = 80;
const PROMPT_DIALOGUE = 120;

export interface Shot {
  index: number;
  start: number;
  end: number;
}

export interface EpisodeMaterial {
  mediaId: number;
  title: string;
  duration: number;
  shots: Shot[];
  dialogue: Cue[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The shots of an analysed episode: between its cuts, black stretches left out, short ones joined and long ones
 * cut so a line can cover a few seconds of picture.
 */
export function shotsOf(analysis: Pick<MediaAnalysis, 'duration' | 'cuts' | 'black' | 'dead'>): Shot[] {
  const bounds = [0, ...analysis.cuts.filter((t) => t > 0 && t < analysis.duration), analysis.duration];
  const black = analysis.black ?? analysis.dead;
  const isBlack = (start: number, end: number) => {
    const seconds = black.slice(Math.floor(start), Math.max(Math.floor(start) + 1, Math.ceil(end)));
    return seconds.length > 0 && seconds.filter((v) => v === 1).length / seconds.length > 0.5;
  };
  const raw: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const [start, end] = [bounds[i]!, bounds[i + 1]!];
    const last = raw.at(-1);
    if (last && last[1] - last[0] < SHOT_MIN) last[1] = end;
    else raw.push([start, end]);
  }
  const shots: Shot[] = [];
  for (const [start, end] of raw) {
    if (end - start < 0.5 || isBlack(start, end)) continue;
    const pieces = end - start > SHOT_MAX ? Math.round((end - start) / SHOT_PIECE) : 1;
    for (let p = 0; p < pieces; p += 1) {
      const a = start + ((end - start) * p) / pieces;
      const b = start + ((end - start) * (p + 1)) / pieces;
      shots.push({ index: shots.length, start: round2(a), end: round2(b) });
    }
  }
  return shots;
}

/** How long the narration of these episodes should be, in seconds. */
export function narrationTargetSeconds(totalSourceSeconds: number): number {
  return Math.round(Math.min(NARRATION_SECONDS.max, Math.max(NARRATION_SECONDS.min, totalSourceSeconds / 2)));
}

/** The characters a script of these episodes may have. */
export function narrationCharBudget(totalSourceSeconds: number): number {
  return narrationTargetSeconds(totalSourceSeconds) * NARRATION_CHARS_PER_SECOND;
}

const STYLE_GUIDE: Record<SpeechStyle, string> = {
  humorous: '语气轻松幽默，善用调侃和反差，但不低俗',
  suspense: '制造悬念，多用设问和停顿感，层层揭开剧情',
  warm: '语气温柔，关注人物情感与细节，让人动容',
  sharp: '观点鲜明犀利，点评人物行为，节奏紧凑',
  serious: '客观正经地讲述剧情，条理清楚，用词准确',
};

/** The chat that asks for a script: what to write, how, and the material as JSON. */
export function narrationPrompt(
  episodes: readonly EpisodeMaterial[],
  style: SpeechStyle,
  charBudget: number,
): ChatRequest['messages'] {
  const system = [
    `${NARRATION_PROMPT_MARK}你是短视频影视解说文案作者，用中文撰写解说词。`,
    `风格：${SPEECH_STYLE_LABELS[style]}（${STYLE_GUIDE[style]}）。`,
    '第一句必须是抓人眼球的开场钩子（hook），之后按剧情顺序讲述。',
    `全文不超过${charBudget}个字，每句不超过${SCRIPT_LINE_MAX_CHARS}个字，最多${MAX_SCRIPT_LINES}句。`,
    `每句选出它讲述时播放的镜头（1～${MAX_LINE_CLIPS}个，用素材编号和镜头序号），镜头须来自给出的列表。`,
    '只回答一个 JSON 对象：{"lines":[{"text":"解说词","shots":[{"media_id":1,"shot":0}]}]}',
  ].join('\n');
  const material = {
    style: SPEECH_STYLE_LABELS[style],
    char_budget: charBudget,
    episodes: episodes.map((episode) => ({
      media_id: episode.mediaId,
      title: episode.title,
      duration: round2(episode.duration),
      shots: episode.shots
        .slice(0, PROMPT_SHOTS)
        .map((shot) => ({ shot: shot.index, start: shot.start, end: shot.end })),
      dialogue: episode.dialogue.slice(0, PROMPT_DIALOGUE).map((cue) => ({
        start: round2(cue.startMs / 1000),
        end: round2(cue.endMs / 1000),
        text: cue.text.replace(/\n/g, ' '),
      })),
    })),
  };
  return [
    { role: 'system', content: system },
    { role: 'user', content: JSON.stringify(material) },
  ];
}

/** The answer's shape before it is checked against the material. */
export const narrationAnswerSchema = z.object({
  lines: z
    .array(
      z.object({
        text: z.string(),
        shots: z.array(z.object({ media_id: z.coerce.number(), shot: z.coerce.number() })).default([]),
      }),
    )
    .min(1),
});
export type NarrationAnswer = z.infer<typeof narrationAnswerSchema>;

/** The answer cannot be used; the message says why (in Chinese). */
export class NarrationInvalid extends Error {
  override name = 'NarrationInvalid';
}

/**
 * The script of an answer: lines with text, each with the shots it names that exist (a line naming none is
 * dropped), text within the line limit, the whole within the character budget (lines past it are dropped, the
 * hook never). Throws `NarrationInvalid` when nothing usable is left.
 */
export function scriptFromAnswer(
  answer: NarrationAnswer,
  episodes: readonly EpisodeMaterial[],
  charBudget: number,
): ScriptLine[] {
  const shots = new Map(episodes.map((episode) => [episode.mediaId, new Map(episode.shots.map((s) => [s.index, s]))]));
  const lines: ScriptLine[] = [];
  let chars = 0;
  for (const line of answer.lines) {
    const text = [...line.text.replace(/\s+/g, ' ').trim()].slice(0, SCRIPT_LINE_MAX_CHARS).join('');
    if (!text) continue;
    const clips = line.shots
      .map((ref) => shots.get(ref.media_id)?.get(ref.shot))
      .map((shot, i) => shot && { media_id: line.shots[i]!.media_id, start: shot.start, end: shot.end })
      .filter((clip): clip is ScriptLine['clips'][number] => clip !== undefined)
      .slice(0, MAX_LINE_CLIPS);
    if (clips.length === 0) continue;
    const length = [...text].length;
    if (lines.length > 0 && chars + length > charBudget) break;
    chars += length;
    lines.push({ text, clips });
    if (lines.length === MAX_SCRIPT_LINES) break;
  }
  if (lines.length === 0) throw new NarrationInvalid('解说文案没有可用的句子');
  return lines;
}

export type Chat = (request: Omit<ChatRequest, 'json'>) => Promise<ChatAnswer & { value: NarrationAnswer }>;

/** Asks for the script, once more when the answer is unusable; the failure's reason is in Chinese. */
export async function writeNarration(
  chat: Chat,
  episodes: readonly EpisodeMaterial[],
  style: SpeechStyle,
  options: { signal?: AbortSignal } = {},
): Promise<ScriptLine[]> {
  if (episodes.every((episode) => episode.shots.length === 0)) throw new NarrationInvalid('素材没有可用的画面');
  const budget = narrationCharBudget(episodes.reduce((sum, episode) => sum + episode.duration, 0));
  const messages = narrationPrompt(episodes, style, budget);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await chat({ messages, temperature: 0.7, signal: options.signal });
      return scriptFromAnswer(answer.value, episodes, budget);
    } catch (error) {
      const unusable =
        error instanceof NarrationInvalid || (error instanceof AiServiceError && error.kind === 'invalid');
      if (unusable && attempt < 2) continue;
      if (unusable) throw new NarrationInvalid('解说文案生成失败：语言服务的回答无法使用，请稍后重试');
      if (error instanceof AiServiceError) throw new NarrationInvalid('解说文案生成失败：语言服务暂不可用，请稍后重试');
      throw error;
    }
  }
}
