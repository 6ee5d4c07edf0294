import { describe, expect, it } from 'vitest';
import { fieldError } from './apply-rules';

describe('fieldError', () => {
  it('answers the server rules’ Chinese messages, field by field', () => {
    expect(fieldError('real_name', '')).toBe('请填写真实姓名');
    expect(fieldError('real_name', 'x1')).toBe('真实姓名只能包含中文或字母');
    expect(fieldError('real_name', '张小明')).toBeNull();
    expect(fieldError('platform', undefined)).toBe('请选择主要平台');
    expect(fieldError('platform', 3)).toBeNull();
    expect(fieldError('channel_link', 'douyin.com/u')).toBe('账号主页链接需以 http:// 或 https:// 开头');
    expect(fieldError('channel_link', 'https://www.douyin.com/user/1')).toBeNull();
    expect(fieldError('follower_range', undefined)).toBe('请选择粉丝量');
    expect(fieldError('follower_range', '1k_10k')).toBeNull();
    expect(fieldError('experience', '字'.repeat(501))).toBe('推广经验不能超过500字');
  });
});
