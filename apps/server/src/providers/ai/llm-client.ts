/**
 * The language service (`POST {LLM_BASE_URL}/chat/completions`): translation, narration scripts, summaries. An
 * answer comes with the tokens it used, as the service counted them.
 */
import { z } from 'zod';
import type { AiHttpClient } from './ai-http.js';
import { readBody, type AiUsage } from './ai-http.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Ask for one JSON object (`response_format: json_object`); the prompt must still say which. */
  json?: boolean;
  signal?: AbortSignal;
}

export interface ChatAnswer {
  text: string;
  /** `stop`, `length` (cut at maxTokens), … as the service says; null when it says nothing. */
  finishReason: string | null;
  usage: AiUsage;
}

/** A chat answer is small: anything this large is not one. */
const MAX_ANSWER_BYTES = 8 * 1024 ** 2;

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().min(0).optional(),
      completion_tokens: z.number().int().min(0).optional(),
      total_tokens: z.number().int().min(0).optional(),
    })
    .nullable()
    .optional(),
});

/** A JSON answer without the Markdown fence some models put around it. */
function unfenced(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

export class LlmClient {
  constructor(private readonly http: AiHttpClient) {}

  get model(): string {
    return this.http.model;
  }

  async chat(request: ChatRequest): Promise<ChatAnswer> {
    const body = {
      model: this.http.model,
      messages: request.messages,
      stream: false,
      ...(request.temperature !== undefined && { temperature: request.temperature }),
      ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
      ...(request.json && { response_format: { type: 'json_object' } }),
    };
    const { value, attempts, durationMs } = await this.http.post(
      '/chat/completions',
      () => ({ body: JSON.stringify(body), contentType: 'application/json' }),
      async (response) => {
        const text = (await readBody(response, MAX_ANSWER_BYTES)).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw this.http.error('answered something that is not JSON', 'invalid');
        }
        const parsed = completionSchema.safeParse(json);
        if (!parsed.success) throw this.http.error('answered no chat completion', 'invalid');
        return parsed.data;
      },
      request.signal,
    );
    const choice = value.choices[0]!;
    const input = value.usage?.prompt_tokens ?? 0;
    const output = value.usage?.completion_tokens ?? 0;
    return {
      text: choice.message.content ?? '',
      finishReason: choice.finish_reason ?? null,
      usage: {
        provider: 'llm',
        model: this.http.model,
        unit: 'tokens',
        units: value.usage?.total_tokens ?? input + output,
        inputUnits: input,
        outputUnits: output,
        attempts,
        durationMs,
      },
    };
  }

  /** A chat in JSON mode whose answer must match `schema`; an answer that does not is an `invalid` error. */
  async chatJson<T>(request: Omit<ChatRequest, 'json'>, schema: z.ZodType<T>): Promise<ChatAnswer & { value: T }> {
    const answer = await this.chat({ ...request, json: true });
    let json: unknown;
    try {
      json = JSON.parse(unfenced(answer.text));
    } catch {
      throw this.http.error('answered text that is not JSON in JSON mode', 'invalid').spent(answer.usage);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw this.http.error(`answered JSON of another shape: ${parsed.error.message}`, 'invalid').spent(answer.usage);
    }
    return { ...answer, value: parsed.data };
  }
}
