/** Points orders and their payment: creating, polling, cancelling, the wallet code, the wallet summary. */
import { z } from 'zod';
import { ORDER_QUANTITY } from '../constants.js';
import { PAY_CHANNELS, PayChannel } from '../enums.js';
import { optionalSmsCodeSchema } from '../auth/auth.schema.js';

const orderNoSchema = z
  .string({ error: '订单号不正确' })
  .trim()
  .regex(/^[0-9A-Za-z]{8,40}$/, '订单号不正确');

export const createOrderRequestSchema = z.object({
  type: z.coerce
    .number({ error: '订单类型不正确' })
    .int()
    .refine((v) => v === 1, '订单类型不正确'),
  pro_id: z.coerce.number({ error: '请选择积分套餐' }).int('请选择积分套餐').positive('请选择积分套餐'),
  quantity: z.coerce
    .number({ error: '购买数量不正确' })
    .int()
    .refine((v) => v === ORDER_QUANTITY, '每单只能购买1份')
    .default(ORDER_QUANTITY),
  /**
   * How the Alipay part is paid: `qr` (default, what older clients get) or `wap`, the mobile-browser cashier the web
   * app asks for on phones.
   */
  pay_channel: z.enum(PAY_CHANNELS, { error: '支付渠道不正确' }).default(PayChannel.Qr),
});

/**
 * The web app's order page: Alipay's wap cashier returns there (return_url, with `order_no`) and its 返回商家 leads
 * there (quit_url). The page shows the order's state as the server knows it, never what the return parameters claim.
 */
export const PAY_RESULT_PATH = '/pay/result';

export const orderNoQuerySchema = z.object({ order_no: orderNoSchema });

export const changePayTypeQuerySchema = z.object({
  order_no: orderNoSchema,
  pay_type: z.coerce
    .number({ error: '支付方式不正确' })
    .int()
    .refine((v): v is 1 | 2 | 3 => v === 1 || v === 2 || v === 3, '支付方式不正确'),
});

/** `POST /agent/v1/order/wallet_pay`: the code (type 5) may be left out while a money session is open (ADR 0026). */
export const walletPayRequestSchema = z.object({ order_no: orderNoSchema, code: optionalSmsCodeSchema });

/** The order as the payment dialog sees it; `status` is the trade state it polls. */
export const orderStateSchema = z.object({
  order_no: z.string(),
  order_at: z.string(),
  /** When the 9:59 payment window closes. */
  expires_at: z.string(),
  status: z.string(),
  order_status: z.number().int(),
  pay_type: z.number().int(),
  /** Yuan with two decimals: what the order costs, and how it is split between wallet and scan. */
  price: z.string(),
  wallet_amount: z.string(),
  /**
   * Points bought with wallet money are labour remuneration paid in kind (ADR 0013): the individual income tax
   * withheld on `wallet_amount` also leaves the wallet. An estimate while the order waits, final once paid.
   */
  wallet_tax: z.string(),
  /** What leaves the wallet: wallet_amount + wallet_tax. */
  wallet_total: z.string(),
  /** What paying the whole price from the wallet would take, tax included ('0.00' once the order no longer waits). */
  wallet_pay_total: z.string(),
  qr_amount: z.string(),
  /** What the QR code encodes (a URL of the cashier); '' when no scan is needed. */
  pay_qr_code: z.string(),
  qr_expires_at: z.string().nullable(),
  /** `qr` or `wap` (see createOrderRequestSchema). */
  pay_channel: z.enum(PAY_CHANNELS),
  /**
   * The wap channel: the signed address of Alipay's mobile cashier (alipay.trade.wap.pay) that pays the scan part, to
   * open in this browser; signed afresh on every answer. '' for QR orders and when nothing is to pay by Alipay.
   */
  pay_url: z.string(),
  credit: z.number().int(),
  gift_credit: z.number().int(),
});
export type OrderState = z.infer<typeof orderStateSchema>;

/** `GET /agent/v1/credit/income`: the wallet summary that decides which pay types an order may use. */
export const walletSummarySchema = z.object({
  /** Withdrawable wallet balance, yuan with two decimals. */
  can_out: z.string(),
});
