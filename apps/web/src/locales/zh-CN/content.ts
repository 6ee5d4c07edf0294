/** Texts of content screens: the support popover and the agreement pages. */
export const content = {
  support: {
    button: '教程&客服',
    title: '团队入驻&客服咨询',
    qrAlt: '客服二维码',
  },
  agreement: {
    updatedAt: '更新日期：{date}',
  },
} as const;
