/** The creator's profile, payee accounts (bank card, Alipay) and the labour-service agreement. */
import { endpoint } from '../endpoint.js';
import {
  payeeAccountListSchema,
  payeeAccountSchema,
  signContractInfoSchema,
  signContractRequestSchema,
  signContractResponseSchema,
  updateAlipayRequestSchema,
  updateBankRequestSchema,
} from './payee.schema.js';
import { updateInfoRequestSchema, userInfoSchema } from './user.schema.js';

const tag = '个人资料与收款账户';

/** What saving either payee account asks of the creator's identity. */
const identityRule = '第一次保存收款账户时须填写真实姓名和身份证号（实名），之后须与已实名的一致。';

const codeErrors = ['smsCodeInvalid', 'smsCodeBurned'] as const;

const info = endpoint({
  method: 'GET',
  path: '/agent/v1/user/info',
  guard: 'creator',
  tag,
  summary: '登录者的个人信息',
  response: userInfoSchema,
});

const updateInfo = endpoint({
  method: 'POST',
  path: '/agent/v1/user/update_info',
  guard: 'creator',
  tag,
  summary: '修改昵称或头像',
  description: '头像须是本人通过 /agent/v1/upload/image 上传的图片。',
  body: updateInfoRequestSchema,
  response: userInfoSchema,
  successText: '保存成功',
  errors: ['imageInvalid'],
});

const updateBank = endpoint({
  method: 'POST',
  path: '/agent/v1/user/update_bank',
  guard: 'creator',
  tag,
  summary: '添加或修改银行卡（短信验证码）',
  description: `需要短信验证码（类型 3），验证通过后开启资金会话（10 分钟）。${identityRule}`,
  body: updateBankRequestSchema,
  response: payeeAccountSchema,
  successText: '银行卡已保存',
  errors: ['identityMismatch', 'idCardTaken', ...codeErrors],
});

const updateAlipay = endpoint({
  method: 'POST',
  path: '/agent/v1/user/update_alipay',
  guard: 'creator',
  tag,
  summary: '添加或修改支付宝账户（短信验证码）',
  description: `需要短信验证码（类型 4），验证通过后开启资金会话（10 分钟）。${identityRule}`,
  body: updateAlipayRequestSchema,
  response: payeeAccountSchema,
  successText: '支付宝账户已保存',
  errors: ['identityMismatch', 'idCardTaken', ...codeErrors],
});

const payeeAccounts = endpoint({
  method: 'GET',
  path: '/agent/v1/user/payee_accounts',
  guard: 'creator',
  tag,
  summary: '本人的收款账户（脱敏）',
  response: payeeAccountListSchema,
});

const contractInfo = endpoint({
  method: 'GET',
  path: '/agent/v1/user/get_sign_contract',
  guard: 'creator',
  tag,
  summary: '劳务协议的内容与签署状态',
  response: signContractInfoSchema,
});

const signContract = endpoint({
  method: 'POST',
  path: '/agent/v1/user/sign_contract',
  guard: 'creator',
  tag,
  summary: '签署劳务协议（资金验证码或资金会话）',
  description: '须先完成实名；需要短信验证码（类型 6），或在资金会话有效期内免验证码。',
  body: signContractRequestSchema,
  response: signContractResponseSchema,
  successText: '协议签署成功',
  errors: ['contractRealNameRequired', 'contractAlreadySigned', 'moneyCodeRequired', ...codeErrors],
});

export const userApi = {
  info,
  updateInfo,
  updateBank,
  updateAlipay,
  payeeAccounts,
  contractInfo,
  signContract,
} as const;
