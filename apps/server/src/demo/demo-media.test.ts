import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeVideo } from '../modules/tool/video/analyze.js';
import { planMixcut, usableSeconds, type PlanSource } from '../modules/tool/video/plan.js';
import { buildEpisodeArgs, buildMusicArgs, buildPosterArgs, buildTitleCardArgs, episodeScenes } from './demo-media.js';

describe('demo media ffmpeg arguments', () => {
  const args = buildTitleCardArgs({
    titleFile: '/tmp/t.txt',
    subtitleFile: '/tmp/s.txt',
    palette: { from: '#F857A6', to: '#A43AB8' },
    seconds: 6,
    width: 480,
    height: 270,
    toneHz: 440,
    output: '/tmp/out.mp4',
  });

  it('draws a moving gradient of the palette for the whole duration with a tone', () => {
    expect(args).toContain('gradients=s=480x270:c0=0xF857A6:c1=0xA43AB8:d=6:speed=0.02:r=24');
    expect(args).toContain('sine=frequency=440:sample_rate=44100:duration=6');
  });

  it('sets title and subtitle from text files in a CJK font', () => {
    const filter = args[args.indexOf('-vf') + 1]!;
    expect(filter).toMatch(/drawtext=font='Noto Sans CJK SC':textfile=\/tmp\/t\.txt:.*fontsize=30/);
    expect(filter).toMatch(/drawtext=.*textfile=\/tmp\/s\.txt/);
  });

  it('encodes web-ready H.264 with the index up front, output last', () => {
    expect(args.join(' ')).toContain('-c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac');
    expect(args.join(' ')).toContain('-movflags +faststart');
    expect(args.at(-1)).toBe('/tmp/out.mp4');
  });

  it('grabs one scaled poster frame', () => {
    expect(buildPosterArgs('/in.mp4', '/out.jpg', 1, 320)).toEqual([
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-ss',
      '1',
      '-i',
      '/in.mp4',
      '-frames:v',
      '1',
      '-vf',
      'scale=320:-2',
      '-q:v',
      '4',
      '/out.jpg',
    ]);
  });
});

describe('long demo episodes', () => {
  const options = {
    titleFile: '/tmp/t.txt',
    subtitleFile: '/tmp/s.txt',
    palette: { from: '#F857A6', to: '#A43AB8' },
    seconds: 60,
    width: 480,
    height: 270,
    toneHz: 440,
    output: '/tmp/ep.mp4',
    seed: 11,
    scenes: [
      [13, 21],
      [38, 46],
    ] as [number, number][],
  };

  it('places 8 s action scenes about every 25 s, shifted per episode', () => {
    expect(episodeScenes(60, 11)).toEqual([
      [13, 21],
      [38, 46],
    ]);
    expect(episodeScenes(120, 12)[0]).toEqual([8, 16]);
    for (const [, end] of episodeScenes(120, 13)) expect(end).toBeLessThanOrEqual(118);
  });

  it('lays the loud, moving scenes over the seeded title card, output last', () => {
    const args = buildEpisodeArgs(options);
    expect(args).toContain(
      'gradients=s=480x270:c0=0xF857A6:c1=0xA43AB8:c2=0x101018:nb_colors=3:type=3:d=60:speed=0.02:r=15:seed=11',
    );
    expect(args).toContain('anoisesrc=color=pink:amplitude=0.4:sample_rate=44100:duration=60:seed=11');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toMatch(
      /^\[0:v\]\[1:v\]overlay=enable='between\(t,13,21\)\+between\(t,38,46\)':shortest=1,drawtext=/,
    );
    expect(graph).toContain("[3:a]volume='if(between(t,13,21)+between(t,38,46),1,0)':eval=frame[noise]");
    expect(args.join(' ')).toContain('-t 60 -c:v libx264 -preset ultrafast');
    expect(args.at(-1)).toBe('/tmp/ep.mp4');
  });

  it('two rendered episodes are usable for a 60–90 s cut that starts from their action scenes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-demo-ep-'));
    try {
      fs.writeFileSync(options.titleFile, '龙王归来');
      fs.writeFileSync(options.subtitleFile, '第 1 集');
      const sources: PlanSource[] = [];
      for (const seed of [11, 12]) {
        const output = path.join(dir, `${seed}.mp4`);
        execFileSync('ffmpeg', buildEpisodeArgs({ ...options, seed, scenes: episodeScenes(60, seed), output }));
        sources.push({ mediaId: seed, analysis: await analyzeVideo(output) });
      }
      // Nothing reads as a repeat of the other episode: nearly all 120 s can be used.
      expect(usableSeconds(sources)).toBeGreaterThan(100);
      const script = planMixcut(sources, { cut_duration: 90, cut_type: 'high_cut', script_count: 1 }, 1).scripts[0]!;
      expect(script.duration).toBeGreaterThanOrEqual(60);
      const action = (mediaId: number, t: number) =>
        episodeScenes(60, mediaId).some(([from, to]) => t >= from && t < to);
      let covered = 0;
      for (const clip of script.clips)
        for (let t = Math.ceil(clip.start); t < clip.end; t += 1) if (action(clip.media_id, t)) covered += 1;
      // Four 8 s scenes: nearly all of them are in the cut.
      expect(covered).toBeGreaterThanOrEqual(28);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('demo music ffmpeg arguments', () => {
  const args = buildMusicArgs({
    seconds: 20,
    bpm: 120,
    root: 220,
    chords: [
      [0, 4, 7],
      [5, 9, 12],
    ],
    voice: 'pluck',
    pulse: true,
    output: '/tmp/m.mp3',
  });
  const source = args[args.indexOf('-i') + 1]!;

  it('plays the chord of each bar from the tonic, with a drum on every beat', () => {
    expect(source).toMatch(/^aevalsrc='.*':s=22050:d=20$/);
    // Bars of 2 s at 120 bpm, two chords: A (220) then D (220·2^(5/12) ≈ 293.66).
    expect(source).toContain('mod(floor(t/2.0000),2)');
    expect(source).toContain('if(eq(mod(floor(t/2.0000),2),0),220.00,293.66)');
    expect(source).toContain('sin(2*PI*55*t)*exp(-14*mod(t,0.5000))');
  });

  it('fades in and out and writes mono MP3', () => {
    expect(args[args.indexOf('-af') + 1]).toBe('volume=0.8,afade=t=in:d=1,afade=t=out:st=18:d=2');
    expect(args.slice(-7)).toEqual(['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k', '/tmp/m.mp3']);
  });
});
