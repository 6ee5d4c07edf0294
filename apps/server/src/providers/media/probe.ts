/** ffprobe of an uploaded or rendered file: is it a video, and what is in it. */
import { spawn } from 'node:child_process';
import { FfmpegError } from './ffmpeg.js';

export class NotAVideoError extends Error {
  override name = 'NotAVideoError';
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

interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string; size?: string; format_name?: string };
}

function runProbe(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) => reject(new FfmpegError(`ffprobe could not start: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new NotAVideoError(err.trim().slice(-300)))));
  });
}

function rate(text: string | undefined): number {
  if (!text) return 0;
  const [num, den] = text.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/** Reads a file's streams; `NotAVideoError` when it has no real video stream (a still picture is not one). */
export async function probeVideo(file: string): Promise<VideoProbe> {
  const json = JSON.parse(await runProbe(file)) as ProbeJson;
  const streams = json.streams ?? [];
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
  return {
    duration,
    width: video.width,
    height: video.height,
    fps,
    videoCodec: video.codec_name ?? '',
    audioCodec: audio?.codec_name ?? '',
    hasAudio: Boolean(audio),
    size: Number.parseInt(json.format?.size ?? '0', 10) || 0,
    format: json.format?.format_name ?? '',
  };
}
