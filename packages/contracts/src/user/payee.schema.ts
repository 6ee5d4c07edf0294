/**
 * Payee accounts, identity and the service agreement (`update_bank`, `update_alipay`, `get_sign_contract`,
 * `sign_contract`). Account and ID numbers only ever leave the server masked.
 */
import { z } from 'zod';
import { BANKS } from '../enums.js';
import { optionalSmsCodeSchema, phoneSchema, smsCodeSchema } from '../auth/auth.schema.js';
import { validateIdCard } from '../validators.js';

/** Payee account kinds; the same numbers as `cash_out_to` of a withdrawal. */
export const PayeeType = { Bank: 1, Alipay: 2 } as const;
export type PayeeType = (typeof PayeeType)[keyof typeof PayeeType];

/** A creator signs the agreement once per version; 1 signed, 0 not (yet) signed. */
export const SignStatus = { Unsigned: 0, Signed: 1 } as const;
export type SignStatus = (typeof SignStatus)[keyof typeof SignStatus];

/** Legal name as on the ID card: 2 to 30 Chinese characters, letters and the middle dot of minority names. */
export const realNameSchema = z
  .string({ error: '请填写真实姓名' })
  .trim()
  .min(2, '真实姓名至少2个字')
  .max(30, '真实姓名不能超过30个字')
  .regex(/^[\u4e00-\u9fa5A-Za-z·•.\s]+$/, '真实姓名只能包含汉字、字母和间隔号');

/** 18-character mainland resident ID (checksum, birth date and region prefix checked). A lower-case x is accepted. */
export const idCardNumberSchema = z
  .string({ error: '请填写身份证号' })
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((value, ctx) => {
    const message = validateIdCard(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const BANK_NAMES: readonly string[] = BANKS.map((b) => b.name);

/** One of the banks of the enum call; its code (ICBC) is accepted too and read as the bank's name. */
export const bankNameSchema = z
  .string({ error: '请选择开户银行' })
  .trim()
  .transform((v) => BANKS.find((b) => b.code === v)?.name ?? v)
  .refine((v) => BANK_NAMES.includes(v), '请从列表中选择开户银行');

/** Debit card number: 12 to 19 digits; spaces typed between groups are removed. */
export const bankCardNumberSchema = z
  .string({ error: '请填写银行卡号' })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{12,19}$/.test(v), '银行卡号应为12至19位数字');

/** An Alipay login: a mainland mobile number or an e-mail address. */
export const alipayAccountSchema = z
  .string({ error: '请填写支付宝账号' })
  .trim()
  .max(100, '支付宝账号过长')
  .refine((v) => /^1[3-9]\d{9}$/.test(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '支付宝账号应为手机号或邮箱');

/** `POST /agent/v1/user/update_bank`: add or change the creator's bank card (SMS code of type 3, own phone). */
export const updateBankRequestSchema = z.object({
  /** Card holder's legal name; must equal the real name on file, if any (then it may be left out). */
  real_name: realNameSchema.optional(),
  /** Card holder's ID number; must equal the ID number on file, if any (then it may be left out). */
  id_card_number: idCardNumberSchema.optional(),
  /** Bank name from `GET /agent/v1/enum` → body.banks (name or code). */
  bank_name: bankNameSchema,
  /** Card number, digits only (spaces are removed). */
  account_no: bankCardNumberSchema,
  /** The mobile number the bank has on file for this card. */
  reserve_phone: phoneSchema,
  /** SMS code of type 3 (bank) sent by `send_code_by_id` to the creator's own phone. */
  code: smsCodeSchema,
});
export type UpdateBankRequest = z.input<typeof updateBankRequestSchema>;

/** `POST /agent/v1/user/update_alipay`: add or change the creator's Alipay account (SMS code of type 4). */
export const updateAlipayRequestSchema = z.object({
  /** The Alipay account's verified legal name; must equal the real name on file, if any (then it may be left out). */
  real_name: realNameSchema.optional(),
  /** ID number; must equal the one on file, if any (then it may be left out). */
  id_card_number: idCardNumberSchema.optional(),
  /** Alipay login: mobile number or e-mail. */
  account_no: alipayAccountSchema,
  /** SMS code of type 4 (alipay) sent by `send_code_by_id` to the creator's own phone. */
  code: smsCodeSchema,
});
export type UpdateAlipayRequest = z.input<typeof updateAlipayRequestSchema>;

/** A payee account as the API shows it; every number is masked. */
export const payeeAccountSchema = z.object({
  /** 1 bank card, 2 Alipay. */
  type: z.number().int(),
  /** Legal name, shown in full (the creator typed it). */
  real_name: z.string(),
  /** Masked ID number: 3301**********1234. */
  id_card_number: z.string(),
  /** Bank name for a card; '' for Alipay. */
  bank_name: z.string(),
  /** Masked card number or Alipay account: 6222 **** **** 1234, 138****8000, a***@example.com. */
  account_no: z.string(),
  /** Masked reserve phone of a card; '' for Alipay. */
  reserve_phone: z.string(),
  /** When the account was last changed (ISO 8601). */
  updated_at: z.string(),
});
export type PayeeAccount = z.infer<typeof payeeAccountSchema>;

/** `GET /agent/v1/user/payee_accounts`: the creator's own accounts (at most one of each type), masked. */
export const payeeAccountListSchema = z.object({ data: z.array(payeeAccountSchema) });

/** `GET /agent/v1/user/get_sign_contract`: the labour-service agreement to read and sign. */
export const signContractInfoSchema = z.object({
  /** Version of the agreement text, e.g. '2026-11'; a new version needs a new signature. */
  version: z.string(),
  /** Title of the agreement. */
  title: z.string(),
  /** Full text, plain text with line breaks; the creator's name and ID number (masked) are filled in. */
  content: z.string(),
  /** SHA-256 (hex) of the template text of this version: what a signature records. */
  content_hash: z.string(),
  /** 1 when the creator has signed this version, else 0. */
  sign_status: z.number().int(),
  /** Masked phone the agreement was signed with; '' when unsigned. */
  sign_phone: z.string(),
  /** When it was signed (ISO 8601), or null. */
  signed_at: z.string().nullable(),
});
export type SignContractInfo = z.infer<typeof signContractInfoSchema>;

/**
 * `POST /agent/v1/user/sign_contract`: sign with an SMS code of type 6 sent to the creator's own phone, or with
 * none while a money session is open (ADR 0026). Needs a real name (a payee account) first.
 */
export const signContractRequestSchema = z.object({
  /** SMS code of type 6 from `send_code_by_id`; may be left out while the money session is open. */
  code: optionalSmsCodeSchema,
});
export type SignContractRequest = z.input<typeof signContractRequestSchema>;

/** `GET /agent/v1/user/money_session`: whether this login on this device may do money actions without a code. */
export const moneySessionSchema = z.object({
  /** True while a code verified on this login and device is less than 10 minutes old. */
  open: z.boolean(),
  /** When the money session ends (ISO 8601), or null. */
  expires_at: z.string().nullable(),
  /** Seconds left, 0 when closed. */
  expires_in: z.number().int(),
});
export type MoneySession = z.infer<typeof moneySessionSchema>;

/** Answer of `sign_contract`. */
export const signContractResponseSchema = z.object({
  /** Always 1 after a successful signature. */
  sign_status: z.number().int(),
  /** Masked phone used to sign. */
  sign_phone: z.string(),
  /** ISO 8601. */
  signed_at: z.string(),
  /** Version of the agreement signed. */
  version: z.string(),
});
export type SignContractResponse = z.infer<typeof signContractResponseSchema>;
