/** Creators with money, identity, payee accounts and a signed agreement, for the withdrawal and payee tests. */
import { idCardCheckChar, PackageType } from '@cc/contracts';
import { WalletRepository } from '../src/modules/withdrawal/wallet.repository.js';
import { WalletService } from '../src/modules/withdrawal/wallet.service.js';
import { call, latestCode, loginAs, nextPhone, type TestContext } from './test-app.js';

/** A valid ID number (region, birth date, check character) from its first 17 digits. */
export const idCard = (first17: string) => `${first17}${idCardCheckChar(first17)}`;

let idCounter = 0;
/** A distinct valid ID number per call (one person, one creator account): Hangzhou, born from 1980-01-02 on. */
export function nextIdCard(): string {
  idCounter += 1;
  const birth = new Date(Date.UTC(1980, 0, 1) + idCounter * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return idCard(`330106${birth}${String((process.pid % 900) + 100)}`);
}

export interface Creator {
  phone: string;
  token: string;
  agentId: number;
  /** The ID number this creator's payee accounts carry. */
  idNumber: string;
}

export async function newCreator(ctx: TestContext): Promise<Creator> {
  const phone = nextPhone();
  const token: string = (await loginAs(ctx, phone)).json.body.access_token;
  const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
  return { phone, token, agentId: info.json.body.agent_id as number, idNumber: nextIdCard() };
}

/**
 * Sends a code of `type` to the creator's own phone and reads it from the outbox. The clock moves 13 minutes
 * first, so a creator's codes stay within the SMS budgets (README "SMS budgets") and no money session opened by an
 * earlier code is still open.
 */
export async function codeFor(ctx: TestContext, creator: Creator, type: number): Promise<string> {
  ctx.clock.advance(13 * 60_000);
  const sent = await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token: creator.token, body: { type } });
  if (sent.json.code !== 0) throw new Error(`send_code_by_id failed: ${sent.json.msg}`);
  return latestCode(ctx.app, creator.phone);
}

export async function addAlipay(
  ctx: TestContext,
  creator: Creator,
  account = '13800138000',
  idNumber = creator.idNumber,
) {
  const code = await codeFor(ctx, creator, 4);
  return call(ctx.app, {
    url: '/agent/v1/user/update_alipay',
    token: creator.token,
    body: { real_name: '张三', id_card_number: idNumber, account_no: account, code },
  });
}

export async function addBank(ctx: TestContext, creator: Creator, idNumber = creator.idNumber, realName = '张三') {
  const code = await codeFor(ctx, creator, 3);
  return call(ctx.app, {
    url: '/agent/v1/user/update_bank',
    token: creator.token,
    body: {
      real_name: realName,
      id_card_number: idNumber,
      bank_name: '招商银行',
      account_no: '6225880112345678',
      reserve_phone: '13900139000',
      code,
    },
  });
}

export async function signContract(ctx: TestContext, creator: Creator) {
  const code = await codeFor(ctx, creator, 6);
  return call(ctx.app, { url: '/agent/v1/user/sign_contract', token: creator.token, body: { code } });
}

export function walletOf(ctx: TestContext): WalletService {
  return new WalletService(ctx.database, new WalletRepository(ctx.database.db), ctx.clock);
}

/** A creator ready to withdraw: Alipay and bank accounts, signed agreement, and `fen` in the wallet. */
export async function readyCreator(ctx: TestContext, fen: number): Promise<Creator> {
  const creator = await newCreator(ctx);
  await addAlipay(ctx, creator);
  await addBank(ctx, creator);
  await signContract(ctx, creator);
  await walletOf(ctx).deposit(creator.agentId, fen, `income-${creator.agentId}-${fen}`, '推广收益结算');
  return creator;
}

/** A purchasable points package of `price_fen` for `credit` points, without discount or gift, for the purchase tests. */
export async function addPurchasablePackage(
  ctx: TestContext,
  pkg: { id: number; name: string; price_fen: number; credit: number },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db
    .insertInto('credit_packages')
    .values({
      ...pkg,
      type: PackageType.Purchasable,
      status: 1,
      discount: 0,
      discount_price_fen: null,
      gift_credit: 0,
      start_at: null,
      end_at: null,
      description: '',
      sort: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
