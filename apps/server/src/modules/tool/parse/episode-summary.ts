/**
 * Plot summaries from the language service in JSON mode, in Chinese: one per episode from its lines (with the
 * speakers when known), one for the serial from the episodes' summaries. Prompts are bounded so a long episode
 * never makes a request the service refuses.
 */
import type { TranscriptCue } from '@cc/contracts';
import { z } from 'zod';
import type { LlmClient } from '../../../providers/ai/llm-client.js';
import type { AiCallContext, AiUsageLog } from '../ai-usage.js';

/** Characters of lines sent for one episode (about a quarter hour of dialogue). */
const MAX_LINES_CHARS = 6000;
const SUMMARY_MAX_CHARS = 400;

const summarySchema = z.object({ summary: z.string().trim().min(1) });

const EPISODE_PROMPT =
  '你是短剧编辑。用户给出一集短剧的名称和按时间排列的台词（“说话人：台词”，说话人未知时只有台词）。' +
  '请用中文写出这一集的剧情摘要，80字以内，交代人物、冲突和结尾的悬念。只回答 JSON：{"summary": "剧情摘要"}。';
const SERIAL_PROMPT =
  '你是短剧编辑。用户按集数顺序给出多集短剧各自的剧情摘要。' +
  '请用中文写出这几集连起来的剧情摘要，150字以内，交代主线和人物关系。只回答 JSON：{"summary": "剧情摘要"}。';

export class EpisodeSummaries {
  constructor(
    private readonly llm: LlmClient,
    private readonly usage: AiUsageLog,
  ) {}

  /** The episode's summary; null when it has no words to summarise. */
  async episode(
    context: AiCallContext,
    name: string,
    cues: readonly TranscriptCue[],
    signal?: AbortSignal,
  ): Promise<string | null> {
    if (cues.length === 0) return null;
    const lines: string[] = [];
    let size = 0;
    for (const cue of cues) {
      const line = cue.speaker ? `${cue.speaker}：${cue.text}` : cue.text;
      size += line.length;
      if (size > MAX_LINES_CHARS) break;
      lines.push(line);
    }
    return this.ask(context, EPISODE_PROMPT, { episode: name, lines }, signal);
  }

  /** The summary of several episodes from theirs, in order. */
  serial(
    context: AiCallContext,
    episodes: readonly { name: string; summary: string }[],
    signal?: AbortSignal,
  ): Promise<string> {
    return this.ask(context, SERIAL_PROMPT, { episodes }, signal);
  }

  private async ask(context: AiCallContext, system: string, given: unknown, signal?: AbortSignal): Promise<string> {
    const answer = await this.usage.track(context, () =>
      this.llm.chatJson(
        {
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: JSON.stringify(given) },
          ],
          temperature: 0.3,
          signal,
        },
        summarySchema,
      ),
    );
    return answer.value.summary.slice(0, SUMMARY_MAX_CHARS);
  }
}
