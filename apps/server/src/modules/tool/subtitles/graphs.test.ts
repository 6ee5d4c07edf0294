/** The dubbing, ducking, loudness, retiming, blur and burn graphs, argument by argument. */
import { describe, expect, it } from 'vitest';
import {
  atempoChain,
  dubTrackFilter,
  duckAndMixFilter,
  loudnessMeasureFilter,
  loudnormFilter,
  parseLoudnessMeasurement,
} from './audio-graph.js';
import { fitDub } from './dub-fit.js';
import { translateLoudnessGraph, translateRenderGraph } from './render-graph.js';
import { blurBandFilter, burnSubtitlesFilter, retimeAudioFilter, retimeVideoFilter } from './video-graph.js';

const FORMAT = 'aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo';

describe('atempoChain', () => {
  it('is empty at 1, one filter within 0.5–2, a chain beyond', () => {
    expect(atempoChain(1)).toEqual([]);
    expect(atempoChain(1.3)).toEqual(['atempo=1.3']);
    expect(atempoChain(0.8)).toEqual(['atempo=0.8']);
    expect(atempoChain(1 / 3)).toEqual(['atempo=0.5', 'atempo=0.6667']);
    expect(atempoChain(5)).toEqual(['atempo=2', 'atempo=2', 'atempo=1.25']);
  });
});

describe('dubTrackFilter', () => {
  it('places each line at its start, sped up and cut to its planned length, in one track of the whole length', () => {
    const lines = [
      { input: '[1:a]', startMs: 1000, endMs: 2500, atempo: 1 },
      { input: '[2:a]', startMs: 5000, endMs: 9000, atempo: 1.25 },
    ];
    expect(dubTrackFilter(lines, 12_000)).toBe(
      `[1:a]${FORMAT},atrim=end=1.500,asetpts=PTS-STARTPTS,adelay=delays=1000:all=1[dl0];` +
        `[2:a]${FORMAT},atempo=1.25,atrim=end=4.000,asetpts=PTS-STARTPTS,adelay=delays=5000:all=1[dl1];` +
        '[dl0][dl1]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,' +
        'apad=whole_dur=12.000,atrim=end=12.000[dub]',
    );
    expect(dubTrackFilter([], 3000, '[d]')).toBe('anullsrc=r=44100:cl=stereo,atrim=end=3.000[d]');
  });
});

describe('duckAndMixFilter', () => {
  it('compresses the original keyed on the dub, then mixes both without turning either down', () => {
    expect(duckAndMixFilter('[orig]', '[dub]', '[mixed]')).toBe(
      '[dub]asplit=2[dkey][dmix];' +
        `[orig]${FORMAT}[dorig];` +
        '[dorig][dkey]sidechaincompress=threshold=0.01:ratio=8:attack=20:release=400[ducked];' +
        '[ducked][dmix]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[mixed]',
    );
    expect(duckAndMixFilter('[o]', '[d]', '[m]', 'remove')).toContain('sidechaincompress=threshold=0.001:ratio=20:');
  });
});

describe('loudness', () => {
  it('measures, then normalises linearly with the measurement, or in one dynamic pass without', () => {
    expect(loudnessMeasureFilter()).toBe('loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json');
    expect(loudnormFilter()).toBe('loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100');
    const measured = { integrated: -27.3, truePeak: -9.1, range: 2.4, threshold: -37.6, offset: 0.4 };
    expect(loudnormFilter(measured)).toBe(
      'loudnorm=I=-16:TP=-1.5:LRA=11:measured_I=-27.3:measured_TP=-9.1:measured_LRA=2.4:' +
        'measured_thresh=-37.6:offset=0.4:linear=true,aresample=44100',
    );
  });

  it("reads loudnorm's printout, and nothing from a silent or garbled one", () => {
    const printed = [
      '[Parsed_loudnorm_0 @ 0x55] ',
      '{',
      '\t"input_i" : "-27.30",',
      '\t"input_tp" : "-9.10",',
      '\t"input_lra" : "2.40",',
      '\t"input_thresh" : "-37.60",',
      '\t"output_i" : "-16.02",',
      '\t"target_offset" : "0.40"',
      '}',
    ].join('\n');
    expect(parseLoudnessMeasurement(printed)).toEqual({
      integrated: -27.3,
      truePeak: -9.1,
      range: 2.4,
      threshold: -37.6,
      offset: 0.4,
    });
    expect(parseLoudnessMeasurement(printed.replace('"-27.30"', '"-inf"'))).toBeNull();
    expect(parseLoudnessMeasurement('no json here')).toBeNull();
    expect(parseLoudnessMeasurement('{ not json }')).toBeNull();
  });
});

describe('retiming', () => {
  const segments = [
    { sourceStartMs: 0, sourceEndMs: 1000, outputStartMs: 0, outputEndMs: 1000, stretch: 1 },
    { sourceStartMs: 1000, sourceEndMs: 5000, outputStartMs: 1000, outputEndMs: 6000, stretch: 1.25 },
    { sourceStartMs: 5000, sourceEndMs: 12_000, outputStartMs: 6000, outputEndMs: 13_000, stretch: 1 },
  ];

  it('slows the slowed segments of the picture and joins them', () => {
    expect(retimeVideoFilter(segments, '[0:v]', '[rt]')).toBe(
      '[0:v]split=3[rv0][rv1][rv2];' +
        '[rv0]trim=start=0.000:end=1.000,setpts=PTS-STARTPTS[rw0];' +
        '[rv1]trim=start=1.000:end=5.000,setpts=(PTS-STARTPTS)*1.25[rw1];' +
        '[rv2]trim=start=5.000:end=12.000,setpts=PTS-STARTPTS[rw2];' +
        '[rw0][rw1][rw2]concat=n=3:v=1:a=0[rt]',
    );
    expect(retimeVideoFilter([{ ...segments[0]!, sourceEndMs: 9000, outputEndMs: 9000 }], '[0:v]', '[rt]')).toBe(
      '[0:v]null[rt]',
    );
  });

  it('slows the sound of those segments with them, each exactly as long as its picture', () => {
    expect(retimeAudioFilter(segments, '[0:a]', '[orig]')).toBe(
      `[0:a]${FORMAT},asplit=3[ra0][ra1][ra2];` +
        '[ra0]atrim=start=0.000:end=1.000,asetpts=PTS-STARTPTS,apad=whole_dur=1.000,atrim=end=1.000[rx0];' +
        '[ra1]atrim=start=1.000:end=5.000,asetpts=PTS-STARTPTS,atempo=0.8,apad=whole_dur=5.000,atrim=end=5.000[rx1];' +
        '[ra2]atrim=start=5.000:end=12.000,asetpts=PTS-STARTPTS,apad=whole_dur=7.000,atrim=end=7.000[rx2];' +
        '[rx0][rx1][rx2]concat=n=3:v=0:a=1[orig]',
    );
  });
});

describe('blur band and burn-in', () => {
  it('blurs a band cut out of the picture and lays it back in place', () => {
    expect(blurBandFilter({ width: 1280, height: 720 }, { topPercent: 80, heightPercent: 12 }, '[in]', '[out]')).toBe(
      '[in]split=2[bbase][bband];' +
        '[bband]crop=1280:86:0:576,format=yuv420p,' +
        'boxblur=luma_radius=20:luma_power=2:chroma_radius=10:chroma_power=2[bblur];' +
        '[bbase][bblur]overlay=0:576[out]',
    );
    // A band at the very bottom, asked taller than what is left, keeps inside the picture.
    expect(blurBandFilter({ width: 720, height: 1280 }, { topPercent: 99, heightPercent: 30 }, '[a]', '[b]')).toContain(
      'crop=720:14:0:1266,format=yuv420p,boxblur=luma_radius=7:luma_power=2:chroma_radius=3:',
    );
  });

  it('burns the ASS with libass, the Noto CJK fonts and HarfBuzz shaping', () => {
    expect(burnSubtitlesFilter('/tmp/job 1/out.ass')).toBe(
      "ass=filename='/tmp/job 1/out.ass':fontsdir='/usr/share/fonts/opentype/noto':shaping=complex",
    );
    expect(burnSubtitlesFilter('/tmp/a:b.ass', '/fonts')).toBe(
      "ass=filename='/tmp/a\\:b.ass':fontsdir='/fonts':shaping=complex",
    );
  });
});

describe('translateRenderGraph', () => {
  const source = { width: 320, height: 240, hasAudio: true };

  it('without dubbing: the burn-in alone, the sound as it is', () => {
    expect(translateRenderGraph({ source, assFile: '/w/a.ass', fontsDir: '/f' })).toEqual({
      filterComplex:
        "[0:v]ass=filename='/w/a.ass':fontsdir='/f':shaping=complex,format=yuv420p[vout];" + `[0:a]${FORMAT}[aout]`,
      videoOut: '[vout]',
      audioOut: '[aout]',
    });
    expect(
      translateRenderGraph({ source: { ...source, hasAudio: false }, assFile: '/w/a.ass', fontsDir: '/f' }).audioOut,
    ).toBeNull();
  });

  it('with dubbing and a blur band: retime, blur, burn; duck, mix and normalise', () => {
    // 4000 ms of speech in a 2500 ms slot: 1.3× makes it 3077 ms, so the slot is slowed by 3077 / 2500.
    const plan = fitDub([{ startMs: 500, endMs: 1500, text: '你好' }], [4000], { videoDurationMs: 3000 });
    const input = {
      source,
      assFile: '/w/a.ass',
      fontsDir: '/f',
      blurBand: { topPercent: 80, heightPercent: 10 },
      dub: { plan, lineInputs: ['[1:a]'] },
    };
    const sound =
      `[0:a]${FORMAT},asplit=2[ra0][ra1];` +
      '[ra0]atrim=start=0.000:end=0.500,asetpts=PTS-STARTPTS,apad=whole_dur=0.500,atrim=end=0.500[rx0];' +
      '[ra1]atrim=start=0.500:end=3.000,asetpts=PTS-STARTPTS,atempo=0.8125,apad=whole_dur=3.077,atrim=end=3.077[rx1];' +
      '[rx0][rx1]concat=n=2:v=0:a=1[orig];' +
      `[1:a]${FORMAT},atempo=1.3,atrim=end=3.077,asetpts=PTS-STARTPTS,adelay=delays=500:all=1[dl0];` +
      '[dl0]amix=inputs=1:duration=longest:dropout_transition=0:normalize=0,apad=whole_dur=3.577,atrim=end=3.577[dub];' +
      '[dub]asplit=2[dkey][dmix];' +
      `[orig]${FORMAT}[dorig];` +
      '[dorig][dkey]sidechaincompress=threshold=0.01:ratio=8:attack=20:release=400[ducked];' +
      '[ducked][dmix]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[mixed]';
    expect(translateRenderGraph(input).filterComplex).toBe(
      '[0:v]split=2[rv0][rv1];' +
        '[rv0]trim=start=0.000:end=0.500,setpts=PTS-STARTPTS[rw0];' +
        '[rv1]trim=start=0.500:end=3.000,setpts=(PTS-STARTPTS)*1.2308[rw1];' +
        '[rw0][rw1]concat=n=2:v=1:a=0[rt];' +
        '[rt]split=2[bbase][bband];[bband]crop=320:24:0:192,format=yuv420p,' +
        'boxblur=luma_radius=12:luma_power=2:chroma_radius=6:chroma_power=2[bblur];[bbase][bblur]overlay=0:192[bl];' +
        "[bl]ass=filename='/w/a.ass':fontsdir='/f':shaping=complex,format=yuv420p[vout];" +
        `${sound};[mixed]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100[aout]`,
    );
    expect(translateLoudnessGraph(input)).toBe(`${sound};[mixed]loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json[aout]`);
    expect(translateLoudnessGraph({ source, assFile: '/w/a.ass' })).toBeNull();
  });
});
