/**
 * Stable error codes and their Chinese messages (spec §8). The server answers `{ code, msg, body }` with one of
 * these codes; the web app shows `msg` and falls back to the same texts when a response carries none.
 */

export const ErrorCode = {
  ok: 0,
  /** Generic client-side failure (spec §7: a null response counts as code -1). */
  noResponse: -1,
  unauthorized: 401,
  validation: 40000,
  vendorMissing: 40001,
  vendorUnknown: 40002,
  smsCodeInvalid: 40010,
  smsCodeBurned: 40011,
  inviteCodeUnknown: 40020,
  inviteSelf: 40021,
  forbidden: 40300,
  notFound: 40400,
  routeNotFound: 40401,
  payloadTooLarge: 41300,
  rateLimited: 42900,
  smsPerMinute: 42901,
  smsPerHour: 42902,
  smsPerDay: 42903,
  smsPerIp: 42904,
  internal: 50000,
  smsSendFailed: 50201,
  unavailable: 50300,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorMessages = {
  unauthorized: '登录已过期，请重新登录',
  validation: '请求参数不正确',
  vendorMissing: '缺少 vendor 请求头，请刷新页面后重试',
  vendorUnknown: '未知的 vendor，请确认访问地址是否正确',
  smsCodeInvalid: '验证码不正确或已失效',
  smsCodeBurned: '验证码错误次数过多，请重新获取',
  inviteCodeUnknown: '邀请码不存在，请核对后重试',
  inviteSelf: '不能填写自己的邀请码',
  forbidden: '没有权限进行此操作',
  notFound: '请求的内容不存在',
  routeNotFound: '接口不存在',
  payloadTooLarge: '提交的内容过大',
  rateLimited: '操作太频繁，请稍后再试',
  smsPerMinute: '验证码发送太频繁，请1分钟后再试',
  smsPerHour: '该手机号1小时内获取验证码次数已达上限，请稍后再试',
  smsPerDay: '该手机号今日获取验证码次数已达上限，请明天再试',
  smsPerIp: '当前网络获取验证码次数过多，请稍后再试',
  internal: '服务器开小差了，请稍后重试',
  smsSendFailed: '短信发送失败，请稍后重试',
  unavailable: '服务暂不可用，请稍后重试',
} as const satisfies Record<Exclude<keyof typeof ErrorCode, 'ok' | 'noResponse'>, string>;

/** Texts the web app shows when the server gave no message of its own (spec §8). */
export const ClientMessages = {
  loadFailed: '获取数据失败，请重试',
  networkPoor: '网络不佳，请稍后重试',
  loginError: '登录出错，请重试',
  termsRequired: '请勾选用户协议和隐私协议',
  sendCodeFailed: '验证码不正确或已失效',
  receiveFailed: '服务器错误，请重试',
  copied: '链接已复制',
  copiedAndAdded: '链接已复制，已添加到我的任务',
  orderFailed: '订单失败，请重试',
  payFailed: '支付失败，请重试',
  orderTimeout: '订单已超时',
  payCancelled: '支付已取消',
  paySuccess: '支付成功',
  insufficientPoints: '您账户上积分余额不足，请充值后重试',
  claimSuccess: '领取成功，100积分已到账',
  loginSuccess: '登录成功',
  logoutSuccess: '已退出登录',
} as const;
