/** Texts of the AI tool workspace. */
export const tool = {
  title: 'AI 工具工作台',
  description: '高能混剪、影视解说、字幕翻译、批量去重等 AI 工具',
} as const;
