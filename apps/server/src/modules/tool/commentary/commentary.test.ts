/** The narration's pure parts: shots of an analysis, the writer's answer checked, footage fitted, the command built. */
import { describe, expect, it } from 'vitest';
import { AiServiceError } from '../../../providers/ai/ai-http.js';
import { commentaryArgs, effectFilter, loudnessArgs, soundGraph, TRANSITION_SECONDS } from './commentary-graph.js';
import { LINE_PAUSE_SECONDS, planCommentary } from './commentary-render.js';
import { checkScript, fitLine, fittedSeconds, SPEED_RANGE, variantClips } from './fit-footage.js';
import {
  narrationCharBudget,
  narrationPrompt,
  NARRATION_PROMPT_MARK,
  NarrationInvalid,
  scriptFromAnswer,
  shotsOf,
  writeNarration,
  type EpisodeMaterial,
} from './script-writer.js';

const durations = new Map([
  [1, 20],
  [2, 6],
]);

describe('fitLine', () => {
  it('plays footage within 0.8–1.25× of the narration at one speed, lasting exactly the narration', () => {
    const segments = fitLine([{ media_id: 1, start: 2, end: 6 }], 4.4, durations);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.speed).toBeCloseTo(4 / 4.4, 6);
    expect(fittedSeconds(segments)).toBeCloseTo(4.4, 2);
  });

  it('trims footage too long at 1.25×, dropping trailing shots that would fall under half a second', () => {
    const clips = [
      { media_id: 1, start: 0, end: 8 },
      { media_id: 1, start: 10, end: 10.6 },
    ];
    const segments = fitLine(clips, 2, durations);
    expect(segments).toEqual([{ mediaId: 1, start: 0, end: 2.5, speed: SPEED_RANGE.max }]);
    expect(fittedSeconds(segments)).toBeCloseTo(2, 3);
  });

  it('extends footage too short with the footage after it, then before it, never freezing', () => {
    const segments = fitLine([{ media_id: 1, start: 4, end: 5 }], 5, durations);
    expect(segments).toEqual([{ mediaId: 1, start: 4, end: 8, speed: SPEED_RANGE.min }]);
    const atEnd = fitLine([{ media_id: 2, start: 4, end: 6 }], 5, durations);
    expect(atEnd).toEqual([{ mediaId: 2, start: 2, end: 6, speed: SPEED_RANGE.min }]);
  });

  it('plays the shots again when the episode has no more footage', () => {
    const segments = fitLine([{ media_id: 2, start: 0, end: 6 }], 10, durations);
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [0, 6],
      [0, 2],
    ]);
    expect(segments.every((s) => s.speed >= SPEED_RANGE.min && s.speed <= SPEED_RANGE.max)).toBe(true);
    expect(fittedSeconds(segments)).toBeCloseTo(10, 3);
  });
});

describe('script checks', () => {
  it('names the line whose shot is outside the chosen media or their length', () => {
    const line = (media_id: number, end: number) => ({ text: '一句', clips: [{ media_id, start: 0, end }] });
    expect(checkScript([line(1, 19)], durations)).toBeNull();
    expect(checkScript([line(1, 19), line(3, 2)], durations)).toBe('第2句的镜头不属于所选素材');
    expect(checkScript([line(2, 7)], durations)).toBe('第1句的镜头超出素材时长');
  });

  it('rotates the secondary shots of a line per variant and keeps the first', () => {
    const clips = [1, 2, 3].map((n) => ({ media_id: 1, start: n, end: n + 1 }));
    const line = { text: '一句', clips };
    expect(variantClips(line, 0)).toEqual(clips);
    expect(variantClips(line, 1).map((c) => c.start)).toEqual([1, 3, 2]);
  });
});

const episode: EpisodeMaterial = {
  mediaId: 7,
  title: '第一集',
  duration: 12,
  shots: [
    { index: 0, start: 0, end: 4 },
    { index: 1, start: 4, end: 12 },
  ],
  dialogue: [{ startMs: 500, endMs: 2000, text: '你好' }],
};

describe('the narration writer', () => {
  it('cuts an analysis into shots: short ones joined, long ones split, black left out', () => {
    const shots = shotsOf({
      duration: 20,
      cuts: [0.4, 3, 13],
      black: [0, 0, 0, ...new Array(10).fill(0), ...new Array(7).fill(1)],
      dead: [],
    });
    expect(shots).toEqual([
      { index: 0, start: 0, end: 3 },
      { index: 1, start: 3, end: 6.33 },
      { index: 2, start: 6.33, end: 9.67 },
      { index: 3, start: 9.67, end: 13 },
    ]);
  });

  it('marks the prompt, names the style and the budget, and sends the material as JSON', () => {
    const [system, user] = narrationPrompt([episode], 'suspense', 60);
    expect(system!.content).toContain(NARRATION_PROMPT_MARK);
    expect(system!.content).toContain('悬疑');
    expect(system!.content).toContain('不超过60个字');
    expect(JSON.parse(user!.content)).toEqual({
      style: '悬疑',
      char_budget: 60,
      episodes: [
        {
          media_id: 7,
          title: '第一集',
          duration: 12,
          shots: [
            { shot: 0, start: 0, end: 4 },
            { shot: 1, start: 4, end: 12 },
          ],
          dialogue: [{ start: 0.5, end: 2, text: '你好' }],
        },
      ],
    });
  });

  it('keeps lines tied to shots that exist, within the budget, the hook always', () => {
    const script = scriptFromAnswer(
      {
        lines: [
          { text: ' 开场钩子！ ', shots: [{ media_id: 7, shot: 0 }] },
          { text: '没有镜头', shots: [{ media_id: 7, shot: 9 }] },
          {
            text: '第二句',
            shots: [
              { media_id: 7, shot: 1 },
              { media_id: 8, shot: 0 },
            ],
          },
          { text: '超出预算的一句话', shots: [{ media_id: 7, shot: 1 }] },
        ],
      },
      [episode],
      10,
    );
    expect(script).toEqual([
      { text: '开场钩子！', clips: [{ media_id: 7, start: 0, end: 4 }] },
      { text: '第二句', clips: [{ media_id: 7, start: 4, end: 12 }] },
    ]);
    expect(() => scriptFromAnswer({ lines: [{ text: '无', shots: [] }] }, [episode], 10)).toThrow(NarrationInvalid);
  });

  it('asks once more after an unusable answer, then fails with a Chinese reason', async () => {
    let calls = 0;
    const unusable = async () => {
      calls += 1;
      throw new AiServiceError('llm: answered JSON of another shape', 'llm', 'm', 'invalid');
    };
    await expect(writeNarration(unusable, [episode], 'warm')).rejects.toThrow('解说文案生成失败');
    expect(calls).toBe(2);
    let second = 0;
    const recovers = async () => {
      second += 1;
      const value = second === 1 ? { lines: [] } : { lines: [{ text: '好', shots: [{ media_id: 7, shot: 0 }] }] };
      return { text: '', finishReason: 'stop', usage: {} as never, value } as never;
    };
    await expect(writeNarration(recovers, [episode], 'warm')).resolves.toEqual([
      { text: '好', clips: [{ media_id: 7, start: 0, end: 4 }] },
    ]);
    expect(narrationCharBudget(12)).toBe(60);
  });
});

const probe = { width: 320, height: 180, duration: 20, hasAudio: true } as never;
const sources = new Map([[1, { file: '/m/1.mp4', probe }]]);
const lines = [
  { text: '开场', clips: [{ media_id: 1, start: 0, end: 2 }], speechFile: '/s/0.wav', speechSeconds: 1.65 },
  { text: '第二句', clips: [{ media_id: 1, start: 5, end: 7 }], speechFile: '/s/1.wav', speechSeconds: 2.15 },
];

describe('the narrated video command', () => {
  it('places each line in its slot and its subtitle over its speech', () => {
    const { graph, cues } = planCommentary({
      lines,
      sources,
      music: null,
      subtitlePosY: 80,
      effects: null,
      output: '/o.mp4',
    });
    expect(graph.duration).toBeCloseTo(1.65 + 2.15 + 2 * LINE_PAUSE_SECONDS, 3);
    expect(cues).toEqual([
      { startMs: 0, endMs: 1650, text: '开场' },
      { startMs: 2000, endMs: 4150, text: '第二句' },
    ]);
    expect(graph.lines.map((l) => fittedSeconds(l.segments))).toEqual([2, 2.5].map((s) => expect.closeTo(s, 3)));
  });

  it('builds the full argument list: segments, voice, looped music ducked, loudness normalised', () => {
    const { graph } = planCommentary({
      lines,
      sources,
      music: '/music.mp3',
      subtitlePosY: 80,
      effects: null,
      output: '/o.mp4',
    });
    const args = commentaryArgs({ ...graph, assFile: '/w/n.ass', fontsDir: '/fonts' });
    const filter = args[args.indexOf('-filter_complex') + 1]!;
    expect(args.slice(0, args.indexOf('-filter_complex'))).toEqual([
      '-y',
      ...['-ss', '0.000', '-t', '2.500', '-i', '/m/1.mp4'],
      ...['-ss', '5.000', '-t', '2.500', '-i', '/m/1.mp4'],
      ...['-i', '/s/0.wav', '-i', '/s/1.wav', '-stream_loop', '-1', '-i', '/music.mp3'],
    ]);
    expect(filter.split(';')).toEqual([
      '[0:v]scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,' +
        'format=yuv420p,trim=duration=2.000,setpts=(PTS-STARTPTS)/1,fps=30,trim=duration=2.000,setpts=PTS-STARTPTS[s0]',
      '[s0]concat=n=1:v=1:a=0,settb=1/30[l0]',
      '[1:v]scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,' +
        'format=yuv420p,trim=duration=2.000,setpts=(PTS-STARTPTS)/0.8,fps=30,trim=duration=2.500,setpts=PTS-STARTPTS[s1]',
      '[s1]concat=n=1:v=1:a=0,settb=1/30[l1]',
      '[l0][l1]concat=n=2:v=1:a=0[joined]',
      "[joined]ass=filename='/w/n.ass':fontsdir='/fonts':shaping=complex,format=yuv420p[vout]",
      '[2:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end=1.650,asetpts=PTS-STARTPTS,adelay=delays=0:all=1[dl0]',
      '[3:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end=2.150,asetpts=PTS-STARTPTS,adelay=delays=2000:all=1[dl1]',
      '[dl0][dl1]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad=whole_dur=4.500,atrim=end=4.500[voice]',
      '[4:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end=4.500,asetpts=PTS-STARTPTS,volume=0.2[music]',
      '[voice]asplit=2[dkey][dmix]',
      '[music]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo[dorig]',
      '[dorig][dkey]sidechaincompress=threshold=0.01:ratio=8:attack=20:release=400[ducked]',
      '[ducked][dmix]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[mixed]',
      '[mixed]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=44100[aout]',
    ]);
    expect(args.slice(args.indexOf('-filter_complex') + 2, args.indexOf('-c:v'))).toEqual([
      '-map',
      '[vout]',
      '-map',
      '[aout]',
    ]);
    expect(args.slice(-3)).toEqual(['-t', '4.500', '/o.mp4']);
    expect(loudnessArgs(graph).slice(-7)).toEqual(['-map', '[aout]', '-t', '4.500', '-f', 'null', '-']);
  });

  it('with effects: a zoom or pan per line and cross-fades that keep the length', () => {
    const { graph } = planCommentary({
      lines,
      sources,
      music: null,
      subtitlePosY: 80,
      effects: { seed: 3 },
      output: '/o.mp4',
    });
    expect(fittedSeconds(graph.lines[0]!.segments)).toBeCloseTo(2 + TRANSITION_SECONDS, 3);
    const filter = commentaryArgs({ ...graph, assFile: '/n.ass' }).find((a) => a.includes('xfade'))!;
    expect(filter).toContain('xfade=transition=fade:duration=0.4:offset=2.000[x1]');
    expect(filter).toMatch(/zoompan=z='[^']+':x='[^']+':y='ih\/2-\(ih\/zoom\/2\)':d=1:s=320x180:fps=30/);
    expect(effectFilter('pan', 60, { width: 320, height: 180 })).toBe(
      "zoompan=z='1.08':x='(iw-iw/zoom)*min(on/60,1)':y='ih/2-(ih/zoom/2)':d=1:s=320x180:fps=30",
    );
    expect(soundGraph(graph, 2)).toContain('[voice]anull[mixed]');
  });
});
