/**
 * ffprobe of an uploaded or rendered file: is it a video (or an audio file), what is in it, and is it within what
 * the server decodes:
 * the detected container is checked against the whitelist again, and picture size, frame rate,
 * duration and stream count against the limits (MEDIA_MAX_*), before anything decodes a frame of it.
 */
import { AppError, appError } from '../../errors.js';
import {
  AUDIO_FORMATS,
  CONTAINER_FORMATS,
  FfmpegError,
  FfmpegMissingError,
  MediaTimeoutError,
  runMediaProcess,
} from './ffmpeg-process.js';

export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
}

export class NotAnAudioError extends Error {
  override name = 'NotAnAudioError';
}

export interface VideoProbe {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** Frames per second of the video stream (its average rate). */
  fps: number;
  videoCodec: string;
  /** '' when there is no audio stream. */
  audioCodec: string;
  hasAudio: boolean;
  /** Bytes. */
  size: number;
  /** Container format names, as ffprobe gives them (`mov,mp4,m4a,3gp,3g2,mj2`). */
  format: string;
}

export interface MediaLimits {
  maxWidth: number;
  maxHeight: number;
  maxFps: number;
  /** Seconds. */
  maxDuration: number;
  maxStreams: number;
}

let limits: MediaLimits = { maxWidth: 4096, maxHeight: 4096, maxFps: 120, maxDuration: 4 * 3600, maxStreams: 8 };

/** Set once at start-up from the configuration (MEDIA_MAX_*); answers the limits before the change. */
export function configureMediaLimits(change: Partial<MediaLimits>): MediaLimits {
  const before = limits;
  limits = { ...limits, ...change };
  return before;
}

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    nb_read_packets?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string; size?: string; format_name?: string };
}

async function runProbe(args: string[], file: string, mediaSeconds?: number, audioInputs = false): Promise<ProbeJson> {
  try {
    const { stdout } = await runMediaProcess(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', ...args, file],
      mediaSeconds === undefined ? { kind: 'probe', audioInputs } : { kind: 'analysis', mediaSeconds, audioInputs },
    );
    return JSON.parse(stdout) as ProbeJson;
  } catch (error) {
    if (!(error instanceof FfmpegError) || error instanceof MediaTimeoutError || error instanceof FfmpegMissingError) {
      throw error;
    }
    if (error.message.includes('not on whitelist')) throw appError('mediaFormatRefused');
    throw new NotAVideoError(error.message.slice(-300));
  }
}

function rate(text: string | undefined): number {
  if (!text) return 0;
  const [num, den] = text.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/** The refusal of a probed file beyond the limits, naming its figure and the limit; null when within them. */
function beyondLimits(probe: VideoProbe, streams: number): AppError | null {
  const { maxWidth, maxHeight, maxFps, maxDuration, maxStreams } = limits;
  if (probe.width > maxWidth || probe.height > maxHeight) {
    return appError(
      'mediaResolutionTooHigh',
      `视频分辨率超出上限（${probe.width}×${probe.height}，最大 ${maxWidth}×${maxHeight}）`,
    );
  }
  if (probe.fps > maxFps) {
    return appError('mediaFrameRateTooHigh', `视频帧率超出上限（${Math.round(probe.fps)} 帧/秒，最大 ${maxFps}）`);
  }
  if (probe.duration > maxDuration) {
    return appError(
      'mediaDurationTooLong',
      `视频时长超出上限（${Math.ceil(probe.duration / 60)} 分钟，最长 ${Math.floor(maxDuration / 60)} 分钟）`,
    );
  }
  if (streams > maxStreams) {
    return appError('mediaTooManyStreams', `视频包含的音视频轨道过多（${streams} 条，最多 ${maxStreams} 条）`);
  }
  return null;
}

/**
 * Reads a file's streams; `NotAVideoError` when it has no real video stream (a still picture is not one), an
 * `AppError` (mediaFormatRefused, media…TooHigh/TooLong, mediaTooManyStreams) when the server will not decode it.
 */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const json = await runProbe(['-show_streams', '-show_format'], file);
  const streams = json.streams ?? [];
  const format = json.format?.format_name ?? '';
  // The demuxer whitelist already refused anything else; a second look costs nothing.
  if (!format.split(',').some((name) => CONTAINER_FORMATS.includes(name))) throw appError('mediaFormatRefused');
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number.parseFloat(json.format?.duration ?? video?.duration ?? '');
  const fps = rate(video?.avg_frame_rate) || rate(video?.r_frame_rate);
  const imageCodecs = new Set(['png', 'mjpeg', 'bmp', 'gif', 'webp', 'tiff']);
  if (
    !video ||
    !video.width ||
    !video.height ||
    !Number.isFinite(duration) ||
    duration <= 0 ||
    imageCodecs.has(video.codec_name ?? '')
  ) {
    throw new NotAVideoError('no video stream');
  }
  const probe = {
    duration,
    width: video.width,
    height: video.height,
    fps,
    videoCodec: video.codec_name ?? '',
    audioCodec: audio?.codec_name ?? '',
    hasAudio: Boolean(audio),
    size: Number.parseInt(json.format?.size ?? '0', 10) || 0,
    format,
  };
  const refusal = beyondLimits(probe, streams.length);
  if (refusal) throw refusal;
  return probe;
}

/**
 * What a render of the file really decodes, in seconds: the video packets counted (a demux, no decoding) over the
 * frame rate, bounded by the container's duration. Timestamps that repeat make the container claim less than the
 * frames add up to; prices and render lengths use this figure, never more than the container's.
 */
export async function decodedDuration(file: string, probe: VideoProbe): Promise<number> {
  const json = await runProbe(
    ['-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'],
    file,
    probe.duration,
  );
  const packets = Number.parseInt(json.streams?.[0]?.nb_read_packets ?? '', 10);
  if (!Number.isFinite(packets) || packets <= 0 || probe.fps <= 0) return probe.duration;
  return Math.min(probe.duration, packets / probe.fps);
}

export interface AudioProbe {
  /** Seconds. */
  duration: number;
  audioCodec: string;
  /** Bytes. */
  size: number;
  format: string;
}

/**
 * Reads an audio file (opened with the audio demuxers allowed): `NotAnAudioError` when it is not one — no audio
 * stream, a real video stream (cover art is allowed), no duration, or a format the whitelist refuses (a playlist
 * names other files; it is never followed) — and `mediaDurationTooLong` beyond the duration limit.
 */
export async function probeAudio(file: string): Promise<AudioProbe> {
  let json: ProbeJson;
  try {
    json = await runProbe(['-show_streams', '-show_format'], file, undefined, true);
  } catch (error) {
    if (error instanceof NotAVideoError || error instanceof AppError) {
      throw new NotAnAudioError(error.message);
    }
    throw error;
  }
  const streams = json.streams ?? [];
  const format = json.format?.format_name ?? '';
  const allowed = [...CONTAINER_FORMATS, ...AUDIO_FORMATS];
  if (!format.split(',').some((name) => allowed.includes(name))) throw new NotAnAudioError(`format ${format}`);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number.parseFloat(json.format?.duration ?? audio?.duration ?? '');
  if (!audio || video || !Number.isFinite(duration) || duration <= 0) throw new NotAnAudioError('no audio stream');
  if (duration > limits.maxDuration) {
    throw appError(
      'mediaDurationTooLong',
      `音频时长超出上限（${Math.ceil(duration / 60)} 分钟，最长 ${Math.floor(limits.maxDuration / 60)} 分钟）`,
    );
  }
  if (streams.length > limits.maxStreams) {
    throw appError('mediaTooManyStreams', `音频包含的轨道过多（${streams.length} 条，最多 ${limits.maxStreams} 条）`);
  }
  return {
    duration,
    audioCodec: audio.codec_name ?? '',
    size: Number.parseInt(json.format?.size ?? '0', 10) || 0,
    format,
  };
}
