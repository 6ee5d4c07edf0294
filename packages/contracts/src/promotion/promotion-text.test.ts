import { describe, expect, it } from 'vitest';
import { TaskType } from '../enums.js';
import { partUnit, promotionCopyText } from './promotion.schema.js';

describe('novels are not dramas: their texts count chapters and name novel links', () => {
  it('counts chapters for novels and episodes for short dramas', () => {
    expect(partUnit(TaskType.Novel)).toBe('章');
    expect(partUnit(TaskType.Playlet)).toBe('集');
  });

  it('asks to read a novel and to watch a drama', () => {
    expect(promotionCopyText('斗破苍穹', '番茄小说', 'K7Q2P9', TaskType.Novel)).toBe(
      '【斗破苍穹】火热连载中！打开「番茄小说」搜索口令「K7Q2P9」即可免费阅读全文。',
    );
    expect(promotionCopyText('霸道总裁爱上我', '红果短剧', 'K7Q2P9', TaskType.Playlet)).toContain('免费观看全集');
  });
});
