/**
 * The development Alipay sandbox (`/dev/alipay`, used when PAYMENT_DRIVER is not `alipay`): a stand-in for Alipay's
 * gateway and cashier. Its inputs are Alipay's protocol (signed parameters, forms), checked by the sandbox itself as
 * Alipay would, so the entries declare no schemas: a malformed request gets Alipay's answer, not ours.
 */
import { endpoint } from '../endpoint.js';

const tag = '支付宝沙箱（开发环境）';

const DEV_ONLY = '开发环境的支付宝沙箱，只回答本机请求；不产生真实扣款。';

const gateway = endpoint({
  method: 'POST',
  path: '/dev/alipay/gateway.do',
  guard: 'local',
  tag,
  summary: '沙箱网关（服务端调用：预下单、查询、关闭、退款）',
  description: `${DEV_ONLY}按支付宝网关协议接收签名参数（查询串与表单），回答支付宝格式的签名 JSON（不是信封）。`,
  formBody: true,
  answer: 'json',
});

const wapOpen = endpoint({
  method: 'GET',
  path: '/dev/alipay/gateway.do',
  guard: 'local',
  tag,
  summary: '沙箱网关（手机网站支付：浏览器打开签名链接）',
  description: `${DEV_ONLY}签名与交易有效时重定向（302）到沙箱收银台；否则回答支付宝式的错误页面。`,
  answer: 'redirect',
});

const cashier = endpoint({
  method: 'GET',
  path: '/dev/alipay/cashier',
  guard: 'local',
  tag,
  summary: '沙箱收银台页面',
  description: `${DEV_ONLY}查询参数 \`t\` 为交易的扫码令牌；令牌未知时页面说明交易不存在。`,
  answer: 'page',
});

const cashierAction = endpoint({
  method: 'POST',
  path: '/dev/alipay/cashier',
  guard: 'local',
  tag,
  summary: '沙箱收银台的确认支付或取消支付',
  description:
    `${DEV_ONLY}表单字段 \`t\`（扫码令牌）与 \`action\`（\`pay\` 或 \`decline\`）。支付后向商户发送异步通知；` +
    '手机网站支付的交易随后重定向（303）回商户的 return_url，取消时回到 quit_url；其余情况回答收银台页面。',
  formBody: true,
  answer: 'page',
});

export const alipaySandboxApi = { gateway, wapOpen, cashier, cashierAction } as const;
