/**
 * A synthesised line as it is laid on the dub track: without the silence a voice puts before and after the words.
 * Speech services and espeak-ng both pad their audio (espeak pauses on brackets and quotes; hosted voices start with
 * 100–300 ms of breath), and a line placed on its cue would then be heard that much late.
 */
import fs from 'node:fs/promises';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';

/** Quieter than this is silence: well under any spoken syllable, above dither and encoder noise. */
export const SPEECH_SILENCE_DB = -50;
/** Silence kept at each end, so the first consonant's attack is never clipped. */
export const SPEECH_EDGE_SECONDS = 0.02;

/** The filter: the leading silence cut, then the trailing one (the audio reversed twice). */
export function trimSpeechFilter(thresholdDb = SPEECH_SILENCE_DB, edgeSeconds = SPEECH_EDGE_SECONDS): string {
  const cut = `silenceremove=start_periods=1:start_threshold=${thresholdDb}dB:start_silence=${edgeSeconds}`;
  return `${cut},areverse,${cut},areverse`;
}

/** Bytes of a WAV header: a trimmed file no larger held no sound at all. */
const WAV_HEADER_BYTES = 100;

/**
 * Writes `input` without its edges' silence to `output` (WAV); the line is short, so reversing it costs nothing. A
 * line that is silence throughout is kept as it came (its time is still the voice's).
 */
export async function trimSpeech(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runFfmpegProcess(['-y', '-v', 'error', '-i', input, '-af', trimSpeechFilter(), '-c:a', 'pcm_s16le', output], {
    kind: 'speech',
    audioInputs: true,
    mediaSeconds: 60,
    signal,
  });
  if ((await fs.stat(output)).size <= WAV_HEADER_BYTES) await fs.copyFile(input, output);
}
