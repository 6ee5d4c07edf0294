/** Texts of the account filing (media channels) page. */
export const channel = {
  title: '账号报备',
  description: '报备您用于推广的媒体账号',
} as const;
