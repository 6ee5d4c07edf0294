/**
 * The speech synthesis service (`POST {TTS_BASE_URL}/audio/speech`): text and a voice in, an audio file written to
 * the path the caller gives. The usage is the characters spoken.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AiHttpClient } from './ai-http.js';
import { type AiUsage } from './ai-http.js';

/** The audio formats every OpenAI-compatible speech server answers and ffmpeg reads back. */
export const SPEECH_FORMATS = ['mp3', 'wav'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

export interface SpeechRequest {
  text: string;
  /** A voice id of the service (TTS_VOICES), or a built-in one (`espeak:zh`). */
  voice: string;
  format: SpeechFormat;
  /** 0.25–4, 1 the voice's own pace. */
  speed?: number;
  /** Where the audio is written; nothing is left there when the call fails. */
  out: string;
  signal?: AbortSignal;
}

export interface SpeechResult {
  file: string;
  bytes: number;
  usage: AiUsage;
}

/** A line of narration is seconds of audio; this much is not one. */
const MAX_AUDIO_BYTES = 200 * 1024 ** 2;

export class TtsClient {
  constructor(private readonly http: AiHttpClient) {}

  get model(): string {
    return this.http.model;
  }

  async speak(request: SpeechRequest): Promise<SpeechResult> {
    const body = JSON.stringify({
      model: this.http.model,
      input: request.text,
      voice: request.voice,
      response_format: request.format,
      ...(request.speed !== undefined && { speed: request.speed }),
    });
    const partial = `${request.out}.part`;
    try {
      const {
        value: bytes,
        attempts,
        durationMs,
      } = await this.http.post(
        '/audio/speech',
        () => ({ body, contentType: 'application/json' }),
        async (response, signal) => {
          const type = response.headers.get('content-type') ?? '';
          // A server that fails with 200 answers its error as JSON or text: that is no audio.
          if (/json|^text\//i.test(type)) {
            await response.body?.cancel();
            throw this.http.error(`answered ${type} instead of audio`, 'invalid');
          }
          if (!response.body) throw this.http.error('answered no audio', 'invalid');
          let size = 0;
          const limit = new Transform({
            transform: (chunk: Buffer, _encoding, done) => {
              size += chunk.length;
              if (size > MAX_AUDIO_BYTES)
                done(this.http.error(`answered more than ${MAX_AUDIO_BYTES} bytes`, 'invalid'));
              else done(null, chunk);
            },
          });
          const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
          await pipeline(source, limit, fs.createWriteStream(partial), { signal });
          if (size === 0) throw this.http.error('answered no audio', 'invalid');
          return size;
        },
        request.signal,
      );
      await fs.promises.rename(partial, request.out);
      return {
        file: request.out,
        bytes,
        usage: {
          provider: 'tts',
          model: this.http.model,
          unit: 'characters',
          units: [...request.text].length,
          attempts,
          durationMs,
        },
      };
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }
}
