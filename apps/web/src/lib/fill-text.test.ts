import { describe, expect, it } from 'vitest';
import { fillText } from './fill-text';

describe('fillText', () => {
  it('fills every placeholder with its value', () => {
    expect(fillText('{n}s后重新发送', { n: 59 })).toBe('59s后重新发送');
    expect(fillText('© {year} {name}', { year: 2026, name: '创作者中心' })).toBe('© 2026 创作者中心');
  });

  it('leaves text without placeholders alone', () => {
    expect(fillText('获取验证码', {})).toBe('获取验证码');
  });
});
