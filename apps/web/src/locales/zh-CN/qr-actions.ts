/** Texts of the QR actions a phone offers instead of "scan" (issue 20): long-press, save, copy the WeChat ID. */
export const qrActions = {
  longPress: '长按二维码识别',
  longPressHint: '在微信中打开本页时，长按上方二维码即可识别添加',
  save: '保存二维码',
  saved: '二维码已保存，可在微信「扫一扫」右上角从相册选择识别',
  saveFallback: '已打开二维码图片，请长按图片保存到相册',
  copyWechat: '复制微信号',
  wechatCopied: '微信号 {id} 已复制，打开微信搜索添加即可',
  copyFailed: '复制失败，请手动记下微信号：{id}',
  wechatLabel: '微信号：{id}',
} as const;
