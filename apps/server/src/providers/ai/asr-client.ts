/**
 * The speech recognition service (`POST {ASR_BASE_URL}/audio/transcriptions`, multipart): an audio file in, its text
 * with segment and word times out (`verbose_json`, `timestamp_granularities[]` segment and word). The usage is the
 * seconds of audio the service heard.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AiHttpClient } from './ai-http.js';
import { readBody, type AiUsage } from './ai-http.js';

export interface TranscribeRequest {
  /** An audio file the server made (mono speech, a few MB: services refuse large uploads). */
  file: string;
  /** ISO 639-1 (`zh`, `en`); the service detects it when absent. */
  language?: string;
  /** Words the service should expect (names, the previous sentence). */
  prompt?: string;
  signal?: AbortSignal;
}

export interface TimedText {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  text: string;
  /** Who speaks, as the service labels them (services that tell speakers apart); absent otherwise. */
  speaker?: string;
}

export interface Transcript {
  text: string;
  /** As the service names it (`zh`, `chinese`, …); null when it says nothing. */
  language: string | null;
  /** Seconds of audio. */
  duration: number;
  segments: TimedText[];
  /** Each word (a character for Chinese, as most services give it) with its time, without surrounding spaces. */
  words: TimedText[];
  usage: AiUsage;
}

/** A transcript of hours of speech stays well below this. */
const MAX_ANSWER_BYTES = 32 * 1024 ** 2;

const AUDIO_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};

const time = z.number().min(0);
const wordSchema = z.object({ word: z.string(), start: time, end: time });
const verboseSchema = z.object({
  text: z.string(),
  language: z.string().nullable().optional(),
  duration: z.number().min(0).nullable().optional(),
  segments: z
    .array(
      z.object({
        start: time,
        end: time,
        text: z.string(),
        speaker: z.string().nullable().optional(),
        words: z.array(wordSchema).nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  words: z.array(wordSchema).nullable().optional(),
});

export class AsrClient {
  constructor(private readonly http: AiHttpClient) {}

  get model(): string {
    return this.http.model;
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    const type = AUDIO_TYPES[path.extname(request.file).toLowerCase()] ?? 'application/octet-stream';
    const audio = await fs.openAsBlob(request.file, { type });
    const form = () => {
      const data = new FormData();
      data.append('file', audio, path.basename(request.file));
      data.append('model', this.http.model);
      data.append('response_format', 'verbose_json');
      data.append('timestamp_granularities[]', 'segment');
      data.append('timestamp_granularities[]', 'word');
      if (request.language) data.append('language', request.language);
      if (request.prompt) data.append('prompt', request.prompt);
      // fetch writes the multipart boundary into the content type itself.
      return { body: data };
    };
    const { value, attempts, durationMs } = await this.http.post(
      '/audio/transcriptions',
      form,
      async (response) => {
        let json: unknown;
        try {
          json = JSON.parse((await readBody(response, MAX_ANSWER_BYTES)).toString('utf8'));
        } catch (error) {
          if (error instanceof SyntaxError) throw this.http.error('answered something that is not JSON', 'invalid');
          throw error;
        }
        const parsed = verboseSchema.safeParse(json);
        if (!parsed.success) throw this.http.error('answered no verbose_json transcript', 'invalid');
        return parsed.data;
      },
      request.signal,
    );
    const segments = (value.segments ?? []).map(({ start, end, text, speaker }) => ({
      start,
      end,
      text: text.trim(),
      ...(speaker && { speaker }),
    }));
    // Some servers give the words inside their segments only.
    const words = (value.words ?? (value.segments ?? []).flatMap((s) => s.words ?? [])).map(({ word, start, end }) => ({
      start,
      end,
      text: word.trim(),
    }));
    const duration = value.duration ?? Math.max(0, ...segments.map((s) => s.end), ...words.map((w) => w.end));
    return {
      text: value.text.trim(),
      language: value.language ?? null,
      duration,
      segments,
      words,
      usage: { provider: 'asr', model: this.http.model, unit: 'seconds', units: duration, attempts, durationMs },
    };
  }
}
