/**
 * Where a video's words come from, in the order a tool tries them: a subtitle file the creator gave, the video's own
 * text subtitle stream, or speech recognition of its sound. Each answers source cues (with word times when the
 * recognition gave them) that `segmentSentences` turns into one cue per sentence.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AiUsage } from '../../../providers/ai/ai-http.js';
import type { AsrClient } from '../../../providers/ai/asr-client.js';
import { runMediaProcess } from '../../../providers/media/ffmpeg-process.js';
import { SubtitleError } from './cue.js';
import type { SourceCue } from './segment.js';
import { parseSubtitles } from './subtitle-files.js';

export type SubtitleOrigin = 'uploaded' | 'embedded' | 'recognised';

export const SUBTITLE_ORIGIN_LABELS: Record<SubtitleOrigin, string> = {
  uploaded: '上传的字幕文件',
  embedded: '视频自带字幕',
  recognised: '语音识别',
};

/** Subtitle codecs that carry text; picture subtitles (DVD, PGS) would need OCR and are skipped. */
const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);

export interface SourceSubtitles {
  origin: SubtitleOrigin;
  cues: SourceCue[];
  /** What the recognition service used (recognised only). */
  usage?: AiUsage;
}

/** Cues of a subtitle file's bytes; `SubtitleError` with the reason in Chinese when it cannot be used. */
export function uploadedSubtitles(bytes: Uint8Array): SourceSubtitles {
  return { origin: 'uploaded', cues: parseSubtitles(bytes).cues };
}

/** The index (among subtitle streams) of the video's first text subtitle stream, or null. */
export async function textSubtitleStream(videoFile: string, signal?: AbortSignal): Promise<number | null> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 's', '-show_entries', 'stream=codec_name', '-print_format', 'json', videoFile],
    { kind: 'probe', signal },
  );
  const streams = (JSON.parse(stdout) as { streams?: { codec_name?: string }[] }).streams ?? [];
  const index = streams.findIndex((stream) => TEXT_SUBTITLE_CODECS.has(stream.codec_name ?? ''));
  return index >= 0 ? index : null;
}

/** The cues of the video's own text subtitle stream, or null when it has none (or only an empty one). */
export async function embeddedSubtitles(
  videoFile: string,
  workDir: string,
  options: { durationSeconds: number; signal?: AbortSignal },
): Promise<SourceSubtitles | null> {
  const stream = await textSubtitleStream(videoFile, options.signal);
  if (stream === null) return null;
  const out = path.join(workDir, `embedded-${stream}.srt`);
  await runMediaProcess(
    'ffmpeg',
    ['-y', '-v', 'error', '-i', videoFile, '-map', `0:s:${stream}`, '-c:s', 'srt', '-f', 'srt', out],
    { kind: 'analysis', mediaSeconds: options.durationSeconds, signal: options.signal },
  );
  try {
    return { origin: 'embedded', cues: parseSubtitles(await fs.readFile(out)).cues };
  } catch (error) {
    if (error instanceof SubtitleError) return null;
    throw error;
  }
}

/**
 * The video's first sound track as the recognition service wants it: mono 16 kHz MP3 at 48 kb/s (an hour is about
 * 21 MB, below the 25 MB the hosted services accept). Null when the video has no sound.
 */
export async function speechAudio(
  videoFile: string,
  out: string,
  options: { durationSeconds: number; signal?: AbortSignal },
): Promise<string | null> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-print_format', 'json', videoFile],
    { kind: 'probe', signal: options.signal },
  );
  if (((JSON.parse(stdout) as { streams?: unknown[] }).streams ?? []).length === 0) return null;
  await runMediaProcess(
    'ffmpeg',
    ['-y', '-v', 'error', '-i', videoFile, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000'].concat([
      '-c:a',
      'libmp3lame',
      '-b:a',
      '48k',
      out,
    ]),
    { kind: 'analysis', mediaSeconds: options.durationSeconds, signal: options.signal },
  );
  return out;
}

/**
 * The words of a segment with the punctuation that follows each in the segment's text. Services such as OpenAI's
 * give words bare (`world`, not `world.`), and sentences are found by their punctuation; a word not found in the
 * text stays as it is.
 */
export function punctuatedWords<W extends { text: string }>(segmentText: string, words: readonly W[]): W[] {
  const text = segmentText.toLowerCase();
  let cursor = 0;
  return words.map((word) => {
    const bare = word.text.trim();
    const at = bare ? text.indexOf(bare.toLowerCase(), cursor) : -1;
    if (at < 0) return word;
    let end = at + bare.length;
    while (end < segmentText.length && /[^\p{L}\p{N}\s]/u.test(segmentText[end]!)) end += 1;
    cursor = end;
    return { ...word, text: word.text.replace(bare, segmentText.slice(at, end)) };
  });
}

/** Recognised speech as source cues: one per segment, with the words that fall inside it. */
export async function recognisedSubtitles(
  asr: AsrClient,
  videoFile: string,
  workDir: string,
  options: { durationSeconds: number; language?: 'zh' | 'en'; signal?: AbortSignal },
): Promise<SourceSubtitles> {
  const audio = await speechAudio(videoFile, path.join(workDir, 'speech.mp3'), options);
  if (!audio) throw new SubtitleError('视频没有声音，无法识别字幕');
  const transcript = await asr.transcribe({ file: audio, language: options.language, signal: options.signal });
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const words = transcript.words.map((word) => ({ startMs: ms(word.start), endMs: ms(word.end), text: word.text }));
  const cues: SourceCue[] = transcript.segments
    .filter((segment) => segment.text !== '' && segment.end > segment.start)
    .map((segment) => {
      const startMs = ms(segment.start);
      const endMs = ms(segment.end);
      const inside = words.filter((word) => word.startMs >= startMs - 20 && word.endMs <= endMs + 20);
      const punctuated = punctuatedWords(segment.text, inside);
      return {
        startMs,
        endMs,
        text: segment.text,
        ...(inside.length > 0 && { words: punctuated }),
        ...(segment.speaker && { speaker: segment.speaker }),
      };
    });
  if (cues.length === 0) throw new SubtitleError('未识别到语音，请上传字幕文件');
  return { origin: 'recognised', cues, usage: transcript.usage };
}
