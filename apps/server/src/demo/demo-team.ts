/**
 * The demo creator's team (embedded profile only): so that /profile/team shows a living team on `npm start`, a few
 * friends register the way a person does (SMS code from the development outbox, the demo creator's invite code), and
 * some of them promote a task whose orders earn the demo creator leader shares. Idempotent: a demo creator who
 * already has a team is left alone.
 */
import { OrderType, fenToYuan } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { DemoCreatorPorts } from './demo-income.js';

const DAY = 24 * 60 * 60 * 1000;

/** The friends, each with the recharges their promotion brought (amounts in fen, days ago). */
const DEMO_MEMBERS = [
  {
    phone: '13800138101',
    nickname: '剪辑小王',
    orders: [
      [1990, 1],
      [4990, 3],
      [990, 6],
      [2990, 9],
      [9990, 15],
    ],
  },
  {
    phone: '13800138102',
    nickname: '追剧达人阿May',
    orders: [
      [2990, 2],
      [990, 12],
    ],
  },
  { phone: '13800138103', nickname: '短剧推手老陈', orders: [] },
  { phone: '13800138104', nickname: '小鹿爱分享', orders: [[4990, 0]] },
] as const;

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

/** Registers `phone` with the invite code as a friend would; their token. */
async function registerFriend({ app, services }: DemoCreatorPorts, phone: string, inviteCode: string): Promise<string> {
  await inject(app, 'POST', '/agent/v1/user/send_code', { phone, type: 1 });
  const outbox = await inject(app, 'GET', `/dev/sms/outbox?phone=${phone}`);
  const code = (outbox.data as { code: string }[])[0]!.code;
  const login = await inject(app, 'POST', '/agent/v1/user/login', { phone, code, invite_code: inviteCode });
  await services.smsCodes.forgetCodesOf(phone);
  return String(login.access_token);
}

/** Members registered; 0 when the demo creator is missing or already has a team. */
export async function seedDemoTeam(ports: DemoCreatorPorts, leaderPhone: string, now: number): Promise<number> {
  const { app, services } = ports;
  const { db } = services.database;
  const leader = await db
    .selectFrom('agents')
    .select(['id', 'invite_code'])
    .where('phone', '=', leaderPhone)
    .executeTakeFirst();
  if (!leader) return 0;
  const member = await db.selectFrom('agents').select('id').where('leader_id', '=', leader.id).executeTakeFirst();
  if (member) return 0;

  const task = await db.selectFrom('tasks').select(['id', 'app_id', 'task_type']).orderBy('id').executeTakeFirst();
  for (const friend of DEMO_MEMBERS) {
    const token = await registerFriend(ports, friend.phone, leader.invite_code);
    await inject(app, 'POST', '/agent/v1/user/update_info', { nickname: friend.nickname }, token);
    if (!task || friend.orders.length === 0) continue;
    const receipt = await inject(
      app,
      'POST',
      '/agent/v1/task/receive',
      { task_id: task.id, task_type: task.task_type },
      token,
    );
    for (const [amountFen, daysAgo] of friend.orders) {
      await services.income.receive(
        task.app_id,
        {
          order_id: `DEMO-TEAM-${friend.phone}-${daysAgo}`,
          code: String(receipt.code),
          order_type: OrderType.Recharge,
          amount: fenToYuan(amountFen),
          order_at: new Date(now - daysAgo * DAY - 3_600_000).toISOString(),
        },
        'api',
      );
    }
  }
  await services.settlement.settleDueShares();
  return DEMO_MEMBERS.length;
}
