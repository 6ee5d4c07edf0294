import { describe, expect, it } from 'vitest';
import { encodeArgs } from './encode.js';

const presetOf = (args: string[]) => args[args.indexOf('-preset') + 1];

describe('encodeArgs', () => {
  it('encodes with the preset it is given (VIDEO_PRESET, passed down), veryfast when none is', () => {
    expect(presetOf(encodeArgs({ hasAudio: true, preset: 'ultrafast' }))).toBe('ultrafast');
    expect(presetOf(encodeArgs({ hasAudio: false }))).toBe('veryfast');
  });
});
