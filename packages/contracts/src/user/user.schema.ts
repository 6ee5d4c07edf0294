/** The creator (user) as the API returns it, and the profile update call. */
import { z } from 'zod';
import { IMAGE_NAME_PATTERN, IMAGE_URL_PREFIX } from '../channel/channel.schema.js';

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

/**
 * The avatar is set from an image the creator uploaded (`avatar`: its name). `avatar_url` only takes '' (remove the
 * avatar) or the address of one of the creator's own images, which the server checks: an avatar can never point
 * outside the product (a tracking pixel, another creator's picture).
 */
export const updateInfoRequestSchema = z
  .object({
    nickname: z
      .string({ error: '昵称格式不正确' })
      .trim()
      .min(1, '昵称不能为空')
      .max(20, '昵称不能超过20个字符')
      .optional(),
    avatar: z
      .string({ error: '头像图片格式不正确' })
      .regex(IMAGE_NAME_PATTERN, '头像图片不正确，请重新上传')
      .optional(),
    avatar_url: z
      .string({ error: '头像地址格式不正确' })
      .trim()
      .refine(
        (v) =>
          v === '' || (v.startsWith(IMAGE_URL_PREFIX) && IMAGE_NAME_PATTERN.test(v.slice(IMAGE_URL_PREFIX.length))),
        '头像地址格式不正确，请上传图片作为头像',
      )
      .optional(),
  })
  .refine(
    (v) => v.nickname !== undefined || v.avatar !== undefined || v.avatar_url !== undefined,
    '请填写要修改的昵称或头像',
  )
  .refine((v) => v.avatar === undefined || v.avatar_url === undefined, '头像图片与头像地址只能填写一项');
export type UpdateInfoRequest = z.infer<typeof updateInfoRequestSchema>;
