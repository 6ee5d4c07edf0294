/** Texts of content screens: the support popover and the agreement pages. */
export const content = {
  support: {
    button: '教程&客服',
    title: '团队入驻&客服咨询',
    qrAlt: '客服二维码',
    /** The saved picture's name. */
    qrFile: '客服二维码',
  },
  /** A QR code on a phone's own screen: long-press, save, copy the WeChat ID. */
  qrPhone: {
    longPress: '长按识别二维码，添加客服微信',
    save: '保存二维码',
    saved: '二维码已保存，可在微信扫一扫中从相册识别',
    saveFailed: '保存失败，请长按二维码保存图片',
    copy: '复制微信号',
    copied: '已复制微信号 {id}，打开微信搜索添加',
    copyFailed: '复制失败，请手动添加微信号 {id}',
  },
  agreement: {
    updatedAt: '更新日期：{date}',
  },
} as const;
