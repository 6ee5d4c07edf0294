/**
 * Translates a video's sentences with the language service: batch by batch, a first pass and a reflecting pass
 * (`translate-prompts.ts`), every call recorded in `ai_usage`. A batch whose answer is unusable is asked once more;
 * a second failure, or a service that stays unreachable, fails the whole translation with a Chinese reason.
 */
import { z } from 'zod';
import { AiServiceError } from '../../../providers/ai/ai-http.js';
import type { LlmClient } from '../../../providers/ai/llm-client.js';
import type { AiCallContext, AiUsageLog } from '../ai-usage.js';
import {
  applyReflection,
  batchesOf,
  readTranslation,
  reflectionMessages,
  translationMessages,
  type Batch,
  type GlossaryTerm,
  type Language,
  type ModelAnswer,
} from './translate-prompts.js';

/** A translation that cannot be made, with the reason in Chinese for the creator. */
export class TranslateError extends Error {
  override name = 'TranslateError';
}

export interface TranslateRequest {
  lines: readonly string[];
  source: Language;
  target: Language;
  glossary: readonly GlossaryTerm[];
  context: AiCallContext;
  signal?: AbortSignal;
  /** 0–1 as batches are done. */
  onProgress?: (fraction: number) => void;
}

const anyObject = z.record(z.string(), z.unknown());
/** Low: subtitles should read the same on every run. */
const TEMPERATURE = 0.2;

export class Translator {
  constructor(
    private readonly llm: LlmClient,
    private readonly usage: AiUsageLog,
  ) {}

  /** One translation per line, in the same order. */
  async translate(request: TranslateRequest): Promise<string[]> {
    const { lines } = request;
    const out: string[] = [];
    const batches = batchesOf(lines.length);
    for (const [n, batch] of batches.entries()) {
      const drafts = await this.firstPass(request, batch);
      out.push(...(await this.reflect(request, batch, drafts)));
      request.onProgress?.((n + 1) / batches.length);
    }
    return out;
  }

  private async ask(request: TranslateRequest, messages: ReturnType<typeof translationMessages>) {
    const answer = await this.usage.track(request.context, () =>
      this.llm.chatJson({ messages, temperature: TEMPERATURE, signal: request.signal }, anyObject),
    );
    return answer.value as ModelAnswer;
  }

  private async firstPass(request: TranslateRequest, batch: Batch): Promise<string[]> {
    const messages = translationMessages({ ...request, batch });
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      let answer: ModelAnswer;
      try {
        answer = await this.ask(request, messages);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        // A JSON answer of another shape is asked again; a service that failed after its own retries is not.
        if (error instanceof AiServiceError && error.kind === 'invalid' && attempt === 1) continue;
        if (error instanceof AiServiceError) throw new TranslateError('翻译服务暂时不可用，请稍后重试');
        throw error;
      }
      const texts = readTranslation(answer, batch);
      if (texts) return texts;
    }
    throw new TranslateError(`第 ${batch.start + 1}–${batch.end} 句翻译结果不完整，请稍后重试`);
  }

  /** The drafts, with the lines the review improved; a review that fails or answers nonsense keeps every draft. */
  private async reflect(request: TranslateRequest, batch: Batch, drafts: string[]): Promise<string[]> {
    try {
      const answer = await this.ask(request, reflectionMessages({ ...request, batch, drafts }));
      return applyReflection(answer, batch, drafts);
    } catch (error) {
      if (request.signal?.aborted || !(error instanceof AiServiceError)) throw error;
      return drafts;
    }
  }
}
