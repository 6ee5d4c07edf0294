/**
 * The demo creator (embedded profile only): so that a newcomer sees a living income page, one creator logs in the
 * way a person does (SMS code from the development outbox), receives a task of each demo app, and their apps report
 * three months of recharges and a few refunds through the same intake as the signed open API; the settlement run
 * then settles everything past its hold. They add a bank card, sign the service agreement and withdraw twice: one
 * withdrawal an operator has paid offline (提现成功) and one still waiting for review. Idempotent: a creator who
 * already has shares is left alone.
 */
import { BANKS, CashOutTo, OrderType, SmsType, fenToYuan } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { AppServices } from '../app.js';

export const DEMO_CREATOR_PHONE = '13800138000';
const DAY = 24 * 60 * 60 * 1000;
const DAYS = 90;

/**
 * What the demo creator's seeds drive: the app's API as a person calls it, and through its services the income
 * intake, settlement and payouts an operator or partner app drives, the database they read, and the codes they forget.
 */
export interface DemoCreatorPorts {
  app: FastifyInstance;
  services: Pick<AppServices, 'database' | 'smsCodes' | 'income' | 'settlement' | 'withdrawals'>;
}

/** A small deterministic generator, so every fresh demo database tells the same story. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function inject(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: object, token?: string) {
  const response = await app.inject({
    method,
    url,
    headers: { vendor: 'default', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body && { payload: body }),
  });
  const json = response.json() as { code: number; msg: string; body: Record<string, unknown> | null };
  if (json.code !== 0) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.body!;
}

export async function seedDemoIncome({ app, services }: DemoCreatorPorts, now: number): Promise<number> {
  const { db } = services.database;
  const existing = await db
    .selectFrom('agents')
    .innerJoin('share_orders', 'share_orders.agent_id', 'agents.id')
    .select('agents.id')
    .where('agents.phone', '=', DEMO_CREATOR_PHONE)
    .executeTakeFirst();
  if (existing) return 0;

  await inject(app, 'POST', '/agent/v1/user/send_code', { phone: DEMO_CREATOR_PHONE, type: 1 });
  const outbox = await inject(app, 'GET', `/dev/sms/outbox?phone=${DEMO_CREATOR_PHONE}`);
  const code = (outbox.data as { code: string }[])[0]!.code;
  const login = await inject(app, 'POST', '/agent/v1/user/login', { phone: DEMO_CREATOR_PHONE, code });
  const token = String(login.access_token);
  const agentId = await agentIdOf(db);
  // The seed's own codes must not use up the person's SMS allowance (a newcomer logs in right after start).
  const forgetCodes = () => services.smsCodes.forgetCodesOf(DEMO_CREATOR_PHONE);
  await forgetCodes();
  /**
   * Calls `url` with a code of `type` sent to the creator's own phone, read from the development outbox as a tester
   * would; the code is forgotten afterwards like the login's.
   */
  const withOwnCode = async (type: number, url: string, body: object) => {
    await inject(app, 'POST', '/agent/v1/user/send_code_by_id', { type }, token);
    const sent = await inject(app, 'GET', `/dev/sms/outbox?phone=${DEMO_CREATOR_PHONE}`);
    const answer = await inject(app, 'POST', url, { ...body, code: (sent.data as { code: string }[])[0]!.code }, token);
    await forgetCodes();
    return answer;
  };

  // One task per demo app, dramas and novels alike.
  const tasks = await db
    .selectFrom('tasks')
    .select(['tasks.id', 'tasks.app_id', 'tasks.task_type'])
    .orderBy('tasks.id')
    .execute();
  const perApp = new Map<number, { id: number; task_type: number }>();
  for (const task of tasks) if (!perApp.has(task.app_id)) perApp.set(task.app_id, task);
  const receipts: { appId: number; code: string }[] = [];
  for (const [appId, task] of perApp) {
    const received = await inject(
      app,
      'POST',
      '/agent/v1/task/receive',
      { task_id: task.id, task_type: task.task_type },
      token,
    );
    receipts.push({ appId, code: String(received.code) });
  }

  const random = randomFrom(20261123);
  let reported = 0;
  for (let day = DAYS; day >= 0; day -= 1) {
    const orders = Math.floor(random() * 4) + (day < 30 ? 2 : 1);
    for (let i = 0; i < orders; i += 1) {
      const receipt = receipts[Math.floor(random() * receipts.length)]!;
      const orderAt = now - day * DAY - Math.floor(random() * DAY * 0.9);
      const amountFen = [990, 1990, 2990, 4990, 9990][Math.floor(random() * 5)]!;
      const orderId = `DEMO-${receipt.appId}-${day}-${i}`;
      await services.income.receive(
        receipt.appId,
        {
          order_id: orderId,
          code: receipt.code,
          order_type: OrderType.Recharge,
          amount: fenToYuan(amountFen),
          order_at: new Date(orderAt).toISOString(),
        },
        'api',
      );
      reported += 1;
      // Now and then a buyer asks for the money back.
      if (random() < 0.04) {
        await services.income.receive(
          receipt.appId,
          {
            order_id: `${orderId}-R`,
            code: receipt.code,
            order_type: OrderType.Refund,
            amount: fenToYuan(amountFen),
            order_at: new Date(Math.min(now, orderAt + DAY)).toISOString(),
            refund_of: orderId,
          },
          'api',
        );
      }
    }
  }
  await services.settlement.settleDueShares();

  await withOwnCode(SmsType.Bank, '/agent/v1/user/update_bank', {
    real_name: '林演示',
    id_card_number: '11010519491231002X',
    bank_name: BANKS[0]!.name,
    account_no: '6222020200112233445',
    reserve_phone: DEMO_CREATOR_PHONE,
  });
  await withOwnCode(SmsType.Contract, '/agent/v1/user/sign_contract', {});
  const withdraw = async (amount: string) => {
    await withOwnCode(SmsType.Bank, '/agent/v1/sett/cash_out/apply', { amount, cash_out_to: CashOutTo.Bank });
    const row = await db
      .selectFrom('cash_outs')
      .select('id')
      .where('agent_id', '=', agentId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const paid = await withdraw('2000.00');
  await services.withdrawals.approve(paid);
  await services.withdrawals.pay(paid, true);
  await withdraw('500.00');
  return reported;
}

async function agentIdOf(db: Db): Promise<number> {
  const agent = await db
    .selectFrom('agents')
    .select('id')
    .where('phone', '=', DEMO_CREATOR_PHONE)
    .executeTakeFirstOrThrow();
  return agent.id;
}
