/** Texts of the help page. */
export const help = {
  title: '帮助中心',
  description: '新手教程、推广规范与常见问题',
  menuLabel: '帮助主题',
  empty: '暂无帮助内容',
} as const;
