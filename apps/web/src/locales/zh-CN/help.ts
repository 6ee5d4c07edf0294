/** Texts of the help page. */
export const help = {
  title: '帮助中心',
  description: '新手教程与常见问题',
} as const;
