import { describe, expect, it } from 'vitest';
import { SubtitleError } from './cue.js';
import { detectSubtitleFormat, parseSubtitles, SUBTITLE_LIMITS, writeSrt } from './subtitle-files.js';

const refusal = (input: string | Uint8Array) => {
  try {
    parseSubtitles(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SubtitleError);
    return (error as Error).message;
  }
  throw new Error('parsed what it should have refused');
};

describe('SRT', () => {
  it('reads a file with a BOM, CRLF, `.` before the milliseconds, tags and no final newline', () => {
    const file =
      '\ufeff1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>   there,\r\n<font color="#ff0">friend</font>\r\n\r\n' +
      '2\r\n00:00:03.2 --> 00:00:04.25 X1:10 X2:20 Y1:0 Y2:5\r\n{\\an8}在屏幕上方 &amp; 居中\r\n\r\n' +
      '3\r\n0:00:05,000 --> 0:00:06,000\r\n   \r\n\r\n' +
      '4\r\n00:00:07,000 --> 00:00:08,000\r\nlast line';
    expect(parseSubtitles(file)).toEqual({
      format: 'srt',
      cues: [
        { startMs: 1000, endMs: 2500, text: 'Hello there,\nfriend' },
        { startMs: 3200, endMs: 4250, text: '在屏幕上方 & 居中' },
        { startMs: 7000, endMs: 8000, text: 'last line' },
      ],
    });
  });

  it('takes a cue number right above a timing line for a number, not text, even without a blank line', () => {
    const file = '1\n00:00:01,000 --> 00:00:02,000\nfirst\n2\n00:00:02,000 --> 00:00:03,000\nsecond\n';
    expect(parseSubtitles(file).cues.map((cue) => cue.text)).toEqual(['first', 'second']);
  });

  it('sorts the cues by time and drops those that end before they start', () => {
    const file =
      '00:00:05,000 --> 00:00:06,000\nB\n\n00:00:01,000 --> 00:00:02,000\nA\n\n00:00:09,000 --> 00:00:08,000\nC\n';
    expect(parseSubtitles(file).cues.map((cue) => cue.text)).toEqual(['A', 'B']);
  });

  it('writes SRT that reads back the same, CRLF, numbered from 1', () => {
    const cues = [
      { startMs: 0, endMs: 1234, text: '第一行\n第二行' },
      { startMs: 3_600_000 + 61_005, endMs: 3_600_000 + 62_000, text: 'an --> arrow' },
    ];
    const srt = writeSrt(cues);
    expect(srt).toBe(
      '1\r\n00:00:00,000 --> 00:00:01,234\r\n第一行\r\n第二行\r\n\r\n2\r\n01:01:01,005 --> 01:01:02,000\r\nan -> arrow\r\n',
    );
    expect(parseSubtitles(srt).cues).toEqual([cues[0], { ...cues[1], text: 'an -> arrow' }]);
  });
});

describe('WebVTT', () => {
  it('skips the header, NOTE, STYLE and REGION blocks, identifiers and cue settings; strips its tags', () => {
    const file = [
      'WEBVTT - a title',
      'Kind: captions',
      'Language: en',
      '',
      'NOTE this is a comment',
      'spanning lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'intro',
      '00:01.000 --> 00:02.500 align:start position:10% line:0',
      '<v Roger Bingham>We are in New York City',
      '',
      '00:00:03.000 --> 00:00:04.000',
      '<c.yellow>黄色</c> <ruby>漢<rt>かん</rt></ruby>字 <00:00:03.500>next &lt;3&gt; &#x4E2D;&nbsp;文',
    ].join('\n');
    expect(parseSubtitles(file)).toEqual({
      format: 'vtt',
      cues: [
        { startMs: 1000, endMs: 2500, text: 'We are in New York City' },
        { startMs: 3000, endMs: 4000, text: '黄色 漢字 next <3> 中 文' },
      ],
    });
  });
});

describe('ASS', () => {
  const ass = (events: string) =>
    [
      '[Script Info]',
      'ScriptType: v4.00+',
      'PlayResX: 1920',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour',
      'Style: Default,Arial,20,&H00FFFFFF',
      '',
      '[Events]',
      events,
    ].join('\r\n');

  it('reads dialogue lines by the Format line, strips override tags and drawings, turns \\N into line breaks', () => {
    const file = ass(
      [
        'Format: Layer, Start, End, Style, Actor, MarginL, MarginR, MarginV, Effect, Text',
        'Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,not shown',
        'Dialogue: 0,0:00:01.50,0:00:03.00,Default,Bob,0,0,0,,{\\an8\\pos(960,50)}Hello, world,\\Nsecond{\\i1}line{\\i0}',
        'Dialogue: 1,0:00:01.50,0:00:03.00,Default,Bob,0,0,0,,{\\blur3}Hello, world,\\Nsecondline',
        'Dialogue: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}中文\\h字幕 a\\nb',
        'Dialogue: 0,0:00:06.00,0:00:07.00,Default,,0,0,0,,{\\p1}m 0 0 l 10 10',
        'Dialogue: 0,0:00:08.00,0:00:09.00,Default,,0,0,0,,literal \\{braces\\} and \\\u200bN kept',
      ].join('\r\n'),
    );
    expect(parseSubtitles(file)).toEqual({
      format: 'ass',
      cues: [
        { startMs: 1500, endMs: 3000, text: 'Hello, world,\nsecondline' },
        { startMs: 4000, endMs: 5000, text: '中文 字幕 a b' },
        { startMs: 8000, endMs: 9000, text: 'literal {braces} and \\N kept' },
      ],
    });
  });

  it('passes over an event too long to be a line (a drawing of 100,000 characters and more)', () => {
    const drawing = `{\\p1}${'l 1 1 '.repeat(20_000)}{\\p0}`;
    const file = ass(
      [
        `Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${drawing}`,
        'Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,read',
      ].join('\n'),
    );
    expect(parseSubtitles(file).cues).toEqual([{ startMs: 3000, endMs: 4000, text: 'read' }]);
  });

  it('follows a Format line in another order', () => {
    const file = ass(['Format: Start, End, Style, Text', 'Dialogue: 0:00:02.00,0:00:03.00,Default,a, b'].join('\n'));
    expect(parseSubtitles(file).cues).toEqual([{ startMs: 2000, endMs: 3000, text: 'a, b' }]);
  });

  it('refuses an events section without dialogue, a broken Format line or a short event', () => {
    expect(refusal(ass('Format: Layer, Start, End, Style, Text'))).toBe('ASS 字幕中没有对白（Dialogue）');
    expect(refusal(ass('Format: Layer, Text, Start'))).toBe('第 10 行的 ASS 事件格式不正确');
    expect(refusal(ass('Dialogue: 0,0:00:01.00,0:00:02.00'))).toBe('第 10 行的 ASS 字幕字段不全');
  });
});

describe('encodings', () => {
  const srt = '1\n00:00:01,000 --> 00:00:02,000\n你好，世界\n';

  it('reads UTF-16 with its BOM and GB18030 without one', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]);
    expect(parseSubtitles(utf16).cues[0]!.text).toBe('你好，世界');
    // 你好，世界 in GB18030 (GBK), as older Chinese subtitle files are saved.
    const gbk = Buffer.concat([
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]),
    ]);
    expect(parseSubtitles(gbk).cues[0]!.text).toBe('你好，世界');
    expect(parseSubtitles(new TextEncoder().encode(`\ufeff${srt}`)).cues[0]!.text).toBe('你好，世界');
  });
});

describe('hostile or broken files are refused in Chinese', () => {
  it('refuses what is not a subtitle file', () => {
    expect(refusal('hello world\nthis is a letter')).toBe('无法识别的字幕格式，请上传 SRT、VTT 或 ASS 字幕');
    expect(refusal('')).toBe('无法识别的字幕格式，请上传 SRT、VTT 或 ASS 字幕');
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x2d, 0x2d, 0x3e]))).toBe('不是文本字幕文件');
    expect(refusal('WEBVTT\n\nNOTE only a note\n')).toBe('字幕文件中没有可用的字幕');
    const junk = ['00:00:01,000 --> 00:00:02,000', 'ok', '', ...Array.from({ length: 8 }, (_, i) => `junk ${i}`)];
    expect(refusal(junk.join('\n'))).toBe('字幕文件格式不正确（第 4 行无法识别）');
  });

  it('refuses impossible times, naming the line', () => {
    expect(refusal('1\n00:75:00,000 --> 00:76:00,000\nx\n')).toBe('第 2 行时间格式不正确');
    expect(refusal('1\n999:00:00,000 --> 999:00:01,000\nx\n')).toBe('第 2 行时间超出范围');
  });

  it('bounds the bytes, the cues and the text of a cue', () => {
    expect(refusal(new Uint8Array(SUBTITLE_LIMITS.maxBytes + 1))).toBe('字幕文件过大（超过 4 MB）');
    const many = Array.from(
      { length: SUBTITLE_LIMITS.maxCues + 1 },
      (_, i) => `00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nx`,
    );
    expect(refusal(many.join('\n\n'))).toBe('字幕条数过多（超过 10000 条）');
    expect(refusal(`1\n00:00:01,000 --> 00:00:02,000\n${'长'.repeat(501)}\n`)).toBe('第 2 行的字幕过长（超过 500 字）');
    // Markup does not count: a cue of 600 characters of tags around 10 of text is fine.
    const tagged = `1\n00:00:01,000 --> 00:00:02,000\n${'<b>'.repeat(200)}0123456789\n`;
    expect(parseSubtitles(tagged).cues[0]!.text).toBe('0123456789');
  });

  it('reads a file built to cost quadratic time in linear time (each near the byte limit, well under a second)', () => {
    const big = 4 * 1024 * 1024 - 200;
    const cue = (text: string) => `1\n00:00:01,000 --> 00:00:02,000\n${text}\n`;
    const ass = (text: string) => `[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${text}\n`;
    const hostile = [
      cue('{\\'.repeat(big / 2)),
      cue('<a'.repeat(big / 2)),
      cue(`<${'1'.repeat(big)}`),
      ass('{'.repeat(big)),
      ass('{\\p1}'.repeat(big / 6)),
      ass('{\\b1}x'.repeat(90_000 / 6)),
      ' '.repeat(big) + '-->',
      `${'0'.repeat(big)} --> 1`,
    ];
    for (const file of hostile) {
      const started = performance.now();
      try {
        parseSubtitles(file);
      } catch (error) {
        expect(error).toBeInstanceOf(SubtitleError);
      }
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('strips control and direction-override characters from the text', () => {
    expect(parseSubtitles('00:00:01,000 --> 00:00:02,000\na\u202Eb\u0007c\n').cues[0]!.text).toBe('abc');
  });
});

describe('detectSubtitleFormat', () => {
  it('goes by the content', () => {
    expect(detectSubtitleFormat('\ufeffWEBVTT\n')).toBe('vtt');
    expect(detectSubtitleFormat('WEBVTTX\n')).toBeNull();
    expect(detectSubtitleFormat('\n[Script Info]\n')).toBe('ass');
    expect(detectSubtitleFormat('1\n00:00:01,000 --> 00:00:02,000\n')).toBe('srt');
    expect(detectSubtitleFormat('{"cues": []}')).toBeNull();
  });
});
