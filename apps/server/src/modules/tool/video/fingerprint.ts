/**
 * Fingerprints of a video in one decode: a 64-bit difference hash (dHash on a 9×8 gray picture) of frames sampled a
 * few times a second, and chromaprint's audio fingerprint. Both are robust to re-encoding and small colour or size
 * changes, so they measure what a viewer (or a duplicate detector) would call "the same video".
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';

export const HASH_FPS = 4;
const HASH_W = 9;
const HASH_H = 8;

export interface Fingerprint {
  /** One dHash per sampled frame (64 bits as a bigint). */
  frames: bigint[];
  /** The same frames mirrored left-right. */
  mirrored: bigint[];
  /** chromaprint's raw fingerprint (32-bit items, about 8 a second), or null without sound. */
  audio: Uint32Array | null;
}

/** dHash of a 9×8 gray picture: one bit per horizontally adjacent pair, set when the left pixel is brighter. */
export function dHash(pixels: Uint8Array, mirrored = false): bigint {
  let hash = 0n;
  for (let y = 0; y < HASH_H; y += 1) {
    for (let x = 0; x < HASH_W - 1; x += 1) {
      const at = (col: number) => pixels[y * HASH_W + (mirrored ? HASH_W - 1 - col : col)]!;
      hash = (hash << 1n) | (at(x) > at(x + 1) ? 1n : 0n);
    }
  }
  return hash;
}

export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x > 0n) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

export function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function fingerprintFrames(raw: Uint8Array): { frames: bigint[]; mirrored: bigint[] } {
  const size = HASH_W * HASH_H;
  const frames: bigint[] = [];
  const mirrored: bigint[] = [];
  for (let offset = 0; offset + size <= raw.length; offset += size) {
    const pixels = raw.subarray(offset, offset + size);
    frames.push(dHash(pixels));
    mirrored.push(dHash(pixels, true));
  }
  return { frames, mirrored };
}

export async function fingerprintVideo(
  file: string,
  { hasAudio, signal }: { hasAudio: boolean; signal?: AbortSignal },
): Promise<Fingerprint> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-fp-'));
  try {
    const frameFile = path.join(dir, 'frames.raw');
    const audioFile = path.join(dir, 'audio.fp');
    await runFfmpegProcess(
      [
        ...['-y', '-i', file, '-map', '0:v:0'],
        ...['-vf', `fps=${HASH_FPS},scale=${HASH_W}:${HASH_H}:flags=area,format=gray`, '-f', 'rawvideo', frameFile],
        ...(hasAudio ? ['-map', '0:a:0', '-ac', '1', '-f', 'chromaprint', '-fp_format', 'raw', audioFile] : []),
      ],
      { kind: 'analysis', signal, nice: 5 },
    );
    const { frames, mirrored } = fingerprintFrames(new Uint8Array(await fs.readFile(frameFile)));
    let audio: Uint32Array | null = null;
    if (hasAudio) {
      const bytes = await fs.readFile(audioFile);
      audio = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
    }
    return { frames, mirrored, audio };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * 0–1 likeness of two frame sequences matched by relative position in time (a speed change shifts timestamps),
 * each output frame taking the best of its neighbours within ±`slack` samples. A Hamming distance of 0 is 1, a
 * distance of 24 or more (unrelated pictures average 32) is 0.
 */
export function frameLikeness(output: bigint[], source: bigint[], slack = 2): number {
  if (output.length === 0 || source.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < output.length; i += 1) {
    const centre = Math.round((i / Math.max(1, output.length - 1)) * (source.length - 1));
    let best = 64;
    for (let j = Math.max(0, centre - slack); j <= Math.min(source.length - 1, centre + slack); j += 1) {
      best = Math.min(best, hamming(output[i]!, source[j]!));
    }
    sum += Math.max(0, 1 - best / 24);
  }
  return sum / output.length;
}

/**
 * 0–1 likeness of two chromaprint fingerprints: the bit error rate of the best alignment within a few items after
 * stretching the output onto the source's length; 0.5 (chance) or worse is 0.
 */
export function audioLikeness(output: Uint32Array, source: Uint32Array, maxShift = 4): number {
  if (output.length < 4 || source.length < 4) return 0;
  let best = 1;
  for (let shift = -maxShift; shift <= maxShift; shift += 1) {
    let bits = 0;
    let compared = 0;
    for (let i = 0; i < output.length; i += 1) {
      const j = Math.round((i / (output.length - 1)) * (source.length - 1)) + shift;
      if (j < 0 || j >= source.length) continue;
      bits += popcount32((output[i]! ^ source[j]!) >>> 0);
      compared += 32;
    }
    if (compared > 0) best = Math.min(best, bits / compared);
  }
  return Math.max(0, Math.min(1, 1 - best / 0.35));
}
