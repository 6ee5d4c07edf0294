/**
 * The built-in voice: Debian's espeak-ng, when no speech service is configured or a creator picks it. It sounds
 * like a machine and the voice list says so. It runs through the media launcher (time, memory and concurrency
 * limits of the `speech` kind); the text goes in as a file, so no text is ever read as an option.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { FfmpegAbortedError, runFfmpegProcess, runMediaProcess } from '../media/ffmpeg-process.js';
import { AiServiceError } from './ai-http.js';
import type { SpeechRequest, SpeechResult } from './tts-client.js';

export interface Voice {
  id: string;
  name: string;
  /** Made on this server by espeak-ng (no service needed). */
  builtin: boolean;
}

/**
 * The built-in voices by id, with the espeak-ng voice each speaks with. Their ids hold a colon, which a service's
 * voice id never does (TTS_VOICES splits `id:名称` at the first colon).
 */
const BUILTIN = {
  'espeak:zh': { name: '内置语音（机器合成）· 中文', espeak: 'cmn' },
  'espeak:en': { name: '内置语音（机器合成）· 英文', espeak: 'en-us' },
} as const;

export const BUILTIN_VOICES: Voice[] = Object.entries(BUILTIN).map(([id, { name }]) => ({ id, name, builtin: true }));

export const isBuiltinVoice = (voice: string): voice is keyof typeof BUILTIN => Object.hasOwn(BUILTIN, voice);

/** espeak-ng's own pace in words per minute, which `speed` 1 keeps. */
const ESPEAK_WPM = 175;
const MODEL = 'espeak-ng';
/** A generous guess of the speech's length, which sets the process's time limit: a few characters a second. */
const secondsOf = (text: string) => [...text].length / 3;

/** The espeak-ng arguments that speak `textFile` with `voice` into the WAV file `out`. */
export function espeakArgs(voice: keyof typeof BUILTIN, textFile: string, out: string, speed = 1): string[] {
  const wpm = Math.round(Math.min(450, Math.max(80, ESPEAK_WPM * speed)));
  return ['-v', BUILTIN[voice].espeak, '-s', String(wpm), '-b', '1', '-f', textFile, '-w', out];
}

function failure(error: unknown, durationMs: number): AiServiceError {
  const kind = error instanceof FfmpegAbortedError ? 'aborted' : 'process';
  return new AiServiceError(`espeak: ${(error as Error).message}`, 'espeak', MODEL, kind, { durationMs });
}

/** Speaks `request.text` with a built-in voice into `request.out` (WAV, or MP3 encoded by ffmpeg). */
export async function speakBuiltin(request: SpeechRequest): Promise<SpeechResult> {
  const { voice, text, format, out, signal } = request;
  if (!isBuiltinVoice(voice)) {
    throw new AiServiceError(`espeak: no built-in voice ${voice}`, 'espeak', MODEL, 'invalid');
  }
  const started = performance.now();
  const stem = `${out}.${randomUUID()}`;
  const textFile = `${stem}.txt`;
  const wav = format === 'wav' ? `${out}.part` : `${stem}.wav`;
  try {
    await fs.promises.writeFile(textFile, text, 'utf8');
    const mediaSeconds = secondsOf(text);
    await runMediaProcess('espeak-ng', espeakArgs(voice, textFile, wav, request.speed), {
      kind: 'speech',
      mediaSeconds,
      signal,
    });
    if (format === 'mp3') {
      const encode = ['-y', '-i', wav, '-c:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', `${out}.part`];
      await runFfmpegProcess(encode, { kind: 'speech', mediaSeconds, audioInputs: true, signal });
    }
    await fs.promises.rename(`${out}.part`, out);
    const durationMs = Math.round(performance.now() - started);
    return {
      file: out,
      bytes: (await fs.promises.stat(out)).size,
      usage: { provider: 'espeak', model: MODEL, unit: 'characters', units: [...text].length, attempts: 1, durationMs },
    };
  } catch (error) {
    throw failure(error, Math.round(performance.now() - started));
  } finally {
    await Promise.all([textFile, `${stem}.wav`, `${out}.part`].map((file) => fs.promises.rm(file, { force: true })));
  }
}
