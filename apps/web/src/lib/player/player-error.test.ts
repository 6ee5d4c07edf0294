import { describe, expect, it } from 'vitest';
import { PLAYER_ERROR_KINDS, playerErrorKind, playerErrorMessage } from './player-error';

describe('playerErrorKind', () => {
  it('numbers the kinds 1 to 8, each with its Chinese message', () => {
    expect(PLAYER_ERROR_KINDS).toEqual(['network', 'mse', 'parse', 'format', 'decoder', 'runtime', 'timeout', 'other']);
    expect(playerErrorKind({ errorCode: 1 })).toBe('network');
    expect(playerErrorKind({ errorCode: 5 })).toBe('decoder');
    expect(playerErrorKind({ errorCode: 8 })).toBe('other');
  });

  it('prefers the named kind', () => {
    expect(playerErrorKind({ errorType: 'timeout', errorCode: 1 })).toBe('timeout');
    expect(playerErrorKind({ errorType: 'mse' })).toBe('mse');
  });

  it("reads a plain <video> failure ('media', codes 5101+) from its MediaError", () => {
    expect(playerErrorKind({ errorType: 'media', errorCode: 5102, mediaError: { code: 2 } })).toBe('network');
    expect(playerErrorKind({ errorType: 'media', errorCode: 5103, mediaError: { code: 3 } })).toBe('decoder');
    expect(playerErrorKind({ errorType: 'media', errorCode: 5104, mediaError: { code: 4 } })).toBe('format');
  });

  it('falls back to other', () => {
    expect(playerErrorKind({ errorType: 'drm', errorCode: 9999 })).toBe('other');
    expect(playerErrorKind(undefined)).toBe('other');
  });
});

describe('playerErrorMessage', () => {
  it('speaks Chinese', () => {
    expect(playerErrorMessage({ errorType: 'network' })).toBe('网络异常');
    expect(playerErrorMessage({ mediaError: { code: 3 } })).toBe('解码失败');
    expect(playerErrorMessage({ mediaError: { code: 4 } })).toBe('格式不支持');
  });
});
