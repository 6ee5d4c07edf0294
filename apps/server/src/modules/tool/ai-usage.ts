/**
 * The record of what AI calls used, by creator and tool job: every call the tools make goes through `track`, which
 * writes one row whether the call succeeded or failed (services may charge for both) and hands the answer or the
 * error on unchanged. A row that cannot be written is logged, never allowed to fail the work it describes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { AiServiceError, type AiProvider, type AiUsage } from '../../providers/ai/ai-http.js';
import type { AiUsageRepository, AiUsageRow } from './ai-usage.repository.js';

/** Whose work a call is: the creator's, and the tool job's when a job made it. */
export interface AiCallContext {
  agentId: number;
  toolJobId?: number | null;
}

const UNITS: Record<AiProvider, AiUsage['unit']> = {
  llm: 'tokens',
  asr: 'seconds',
  tts: 'characters',
  espeak: 'characters',
};

export class AiUsageLog {
  constructor(
    private readonly usage: AiUsageRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `call` and records it, succeeded or failed; its answer or error passes through. */
  async track<T extends { usage: AiUsage }>(context: AiCallContext, call: () => Promise<T>): Promise<T> {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      if (error instanceof AiServiceError) await this.recordFailure(context, error);
      throw error;
    }
    await this.record(context, answer.usage);
    return answer;
  }

  /** Records a call that answered. */
  record(context: AiCallContext, usage: AiUsage): Promise<void> {
    return this.write(context, usage, null);
  }

  /** Records a call that failed, with what it still used (an unusable answer's tokens), else nothing. */
  recordFailure(context: AiCallContext, error: AiServiceError): Promise<void> {
    const spent = error.usage ?? {
      provider: error.provider,
      model: error.model,
      unit: UNITS[error.provider],
      units: 0,
      attempts: error.attempts,
      durationMs: error.durationMs,
    };
    return this.write(context, spent, error.message);
  }

  forJob(toolJobId: number): Promise<AiUsageRow[]> {
    return this.usage.forJob(toolJobId);
  }

  private async write(context: AiCallContext, usage: AiUsage, error: string | null): Promise<void> {
    try {
      await this.usage.insert({
        agent_id: context.agentId,
        tool_job_id: context.toolJobId ?? null,
        provider: usage.provider,
        model: usage.model.slice(0, 128),
        unit: usage.unit,
        units: usage.units,
        input_units: usage.inputUnits ?? null,
        output_units: usage.outputUnits ?? null,
        attempts: usage.attempts,
        duration_ms: usage.durationMs,
        ok: error === null ? 1 : 0,
        error: error?.slice(0, 500) ?? null,
        created_at: this.clock.now(),
      });
    } catch (failure) {
      this.log.error({ err: failure, usage, context }, 'AI usage could not be recorded');
    }
  }
}
