import os from 'node:os';
import path from 'node:path';
import { DEDUP_OPTIONS } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { probeVideo } from '../../../providers/media/probe.js';
import { buildDedupFilterGraph, dedupOptionGraphs, dedupParams, renderDedup } from './dedup.js';
import { measureSimilarity, SIMILARITY_THRESHOLD, dedupVerified } from './similarity.js';
import { clip } from './video-fixtures.js';

const source = { width: 321, height: 240, fps: 25, duration: 10, hasAudio: true };
const size = { width: 320, height: 240 };
const out = (name: string) => path.join(os.tmpdir(), `cc-dedup-${process.pid}-${name}.mp4`);

describe('de-dup option graphs (pure)', () => {
  it('jitters per seed, repeats for the same seed, and stays in watchable ranges', () => {
    expect(dedupParams(['common'], 1)).toEqual(dedupParams(['common'], 1));
    expect(dedupParams(['common'], 1)).not.toEqual(dedupParams(['common'], 2));
    for (let seed = 0; seed < 200; seed += 1) {
      const p = dedupParams([...DEDUP_OPTIONS], seed);
      expect(p.speed).toBeGreaterThanOrEqual(1.05);
      expect(p.speed).toBeLessThanOrEqual(1.15);
      expect(Math.abs(p.rotate.degrees)).toBeLessThanOrEqual(2.5);
      expect(p.pip.scale).toBeGreaterThanOrEqual(0.8);
      expect(p.mirror.opacity).toBeLessThanOrEqual(0.2);
      expect(1 - p.crop.w).toBeLessThanOrEqual(0.04);
    }
    const strong = dedupParams(['common'], 1, 3);
    expect(1 - strong.crop.w).toBeGreaterThan(1 - dedupParams(['common'], 1).crop.w);
  });

  it('each option contributes its own filters', () => {
    const p = dedupParams([...DEDUP_OPTIONS], 5);
    const chain = (option: keyof typeof dedupOptionGraphs) =>
      dedupOptionGraphs[option](size, p)
        .video.map((s) => s.chain('[in]', '[out]', 'x'))
        .join(';');
    expect(chain('flip')).toBe('[in]hflip[out]');
    expect(chain('pip')).toMatch(/split=2.*boxblur.*overlay/);
    expect(chain('mirror')).toMatch(/hflip\[xm\];\[xm\]\[xa\]blend=all_mode=normal:all_opacity=0\.1\d+/);
    expect(chain('rotate')).toMatch(/rotate=-?0\.0\d+:ow=320:oh=240/);
    expect(chain('frame')).toMatch(/pad=320:240/);
    expect(chain('common')).toMatch(/crop=.*eq=.*noise=/);
    expect(dedupOptionGraphs.speed(size, p).speed).toBe(p.speed);
    expect(dedupOptionGraphs.fps_down(size, p).fpsFactor).toBe(p.fpsFactor);
  });

  it('orders geometry before composition, colour and the frame, whatever the order asked', () => {
    const graph = buildDedupFilterGraph(
      source,
      ['frame', 'effect', 'mirror', 'pip', 'flip', 'scale'],
      dedupParams([], 3),
    );
    const at = (text: string) => graph.filterComplex.indexOf(text);
    expect(graph.filterComplex.startsWith('[0:v]scale=322:240,setsar=1[dv0]')).toBe(true);
    expect(at('hflip[dv')).toBeLessThan(at('boxblur'));
    expect(at('boxblur')).toBeLessThan(at('blend='));
    expect(at('blend=')).toBeLessThan(at('vignette'));
    expect(at('vignette')).toBeLessThan(at('pad='));
  });

  it('keeps the sound in step with the picture when the speed changes', () => {
    const p = dedupParams(['speed'], 9);
    const graph = buildDedupFilterGraph(source, ['speed', 'fps_down'], p);
    expect(graph.filterComplex).toContain(`setpts=PTS/${Number(p.speed.toFixed(4))}`);
    expect(graph.filterComplex).toContain(`atempo=${Number(p.speed.toFixed(4))}`);
    expect(graph.filterComplex).toMatch(/fps=(1[5-9]|2[01])/);
    expect(graph.outputDuration).toBeCloseTo(10 / p.speed, 5);
    expect(buildDedupFilterGraph({ ...source, hasAudio: false }, ['speed'], p).audioOut).toBeNull();
  });
});

describe('de-dup renders (real ffmpeg)', { timeout: 60_000 }, () => {
  const src = clip('testsrc2', 3);

  it.each(DEDUP_OPTIONS)(
    '%s alone renders a valid mp4 with picture and sound, no metadata of the source',
    async (option) => {
      const probe = await probeVideo(src);
      const { duration } = await renderDedup({
        source: src,
        sourceProbe: probe,
        output: out(option),
        options: [option],
        seed: 7,
      });
      const result = await probeVideo(out(option));
      expect(result.videoCodec).toBe('h264');
      expect(result.audioCodec).toBe('aac');
      expect(result.width).toBe(320);
      expect(Math.abs(result.duration - duration)).toBeLessThan(0.15);
      if (option === 'speed') expect(result.duration).toBeLessThan(2.9);
    },
  );

  it('all ten together render in one pass', async () => {
    const probe = await probeVideo(src);
    await renderDedup({ source: src, sourceProbe: probe, output: out('all'), options: [...DEDUP_OPTIONS], seed: 11 });
    expect((await probeVideo(out('all'))).duration).toBeGreaterThan(2.4);
  });

  it('measures similarity against the source and its mirror: a flip alone is caught, a strong mix is not', async () => {
    const source = clip('testsrc2', 4);
    const probe = await probeVideo(source);
    expect((await measureSimilarity(source, source)).similarity).toBeGreaterThan(0.97);
    const unrelated = await measureSimilarity(source, clip('mandelbrot', 4, { frequency: 900 }));
    expect(unrelated.visual).toBeLessThan(0.2);
    expect(unrelated.similarity).toBeLessThan(0.4);
    await renderDedup({ source, sourceProbe: probe, output: out('flip-only'), options: ['flip'], seed: 1 });
    const flipped = await measureSimilarity(source, out('flip-only'));
    expect(flipped.visual).toBeLessThan(0.3);
    expect(flipped.mirrorVisual).toBeGreaterThan(0.9);
    expect(flipped.similarity).toBeGreaterThan(SIMILARITY_THRESHOLD);
    expect(flipped.note).toMatch(/与原片镜像相比/);
    const mixed = await dedupVerified({
      source,
      sourceProbe: probe,
      output: out('mixed'),
      options: ['common', 'pip', 'frame'],
      seed: 2,
    });
    expect(mixed.similarity.similarity).toBeLessThanOrEqual(SIMILARITY_THRESHOLD);
    expect(mixed.similarity.note).toMatch(/^综合相似度 \d+%/);
  });

  it('renders again stronger while the output is still too similar', async () => {
    const source = clip('testsrc2', 4);
    const stages: string[] = [];
    const result = await dedupVerified({
      source,
      sourceProbe: await probeVideo(source),
      output: out('retry'),
      options: ['effect'],
      seed: 3,
      onStage: (s) => stages.push(s),
    });
    expect(result.attempts).toBeGreaterThan(1);
    expect(stages).toContain('相似度偏高，加强去重重新渲染（第 2 次）');
  });
});
