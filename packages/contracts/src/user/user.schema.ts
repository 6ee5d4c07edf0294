/** The User of spec §3 as the API returns it, and the profile update call. */
import { z } from 'zod';

const creditInfoSchema = z.object({
  total: z.number().int(),
  buy: z.number().int(),
  gift: z.number().int(),
});

export const userInfoSchema = z.object({
  agent_id: z.number().int(),
  phone: z.string(),
  real_name: z.string(),
  id_card_number: z.string(),
  alipay_id: z.string(),
  agent_mode: z.number().int(),
  sign_status: z.number().int(),
  sign_phone: z.string(),
  bank_card_number: z.string(),
  bank_name: z.string(),
  nickname: z.string(),
  signed_at: z.string().nullable(),
  invite_code: z.string(),
  share_rate: z.number(),
  leader_id: z.number().int().nullable(),
  team_at: z.string().nullable(),
  team_share_rate: z.number(),
  commander_code: z.string(),
  avatar_url: z.string(),
  creditInfo: creditInfoSchema,
  open_reelshort: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const updateInfoRequestSchema = z
  .object({
    nickname: z
      .string({ error: '昵称格式不正确' })
      .trim()
      .min(1, '昵称不能为空')
      .max(20, '昵称不能超过20个字符')
      .optional(),
    avatar_url: z
      .string({ error: '头像地址格式不正确' })
      .trim()
      .max(512, '头像地址过长')
      .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), '头像地址格式不正确')
      .optional(),
  })
  .refine((v) => v.nickname !== undefined || v.avatar_url !== undefined, '请填写要修改的昵称或头像');
export type UpdateInfoRequest = z.infer<typeof updateInfoRequestSchema>;
