import { describe, expect, it } from 'vitest';
import { buildPosterArgs, buildTitleCardArgs } from './demo-media.js';

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
