/** A logged-in creator of `user/info` before any payee account, for the web unit tests. */
import { userInfoSchema } from '@cc/contracts';

export const sampleUserInfo = userInfoSchema.parse({
  agent_id: 7,
  phone: '13800138000',
  real_name: '',
  id_card_number: '',
  alipay_id: '',
  agent_mode: 0,
  sign_status: 0,
  sign_phone: '',
  bank_card_number: '',
  bank_name: '',
  nickname: '小王推剧',
  signed_at: null,
  invite_code: 'AB12CD',
  share_rate: 60,
  leader_id: null,
  team_at: null,
  team_share_rate: 0,
  commander_code: '',
  avatar_url: '',
  creditInfo: { total: 320, buy: 300, gift: 20 },
  open_reelshort: false,
});
