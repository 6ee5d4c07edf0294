/**
 * The floor of `user/info`: the least any Fastify server must do to give that answer, without the product around it.
 * One onRequest callback sets the API's security headers and the request id and finds the bearer token in a map (the
 * product's identity cache hit); the handler runs the product's own `user/info` SQL, prepared once, on the product's
 * SQLite file (read-only) and answers the envelope through Fastify's plain `JSON.stringify`. No logger, no rate limit,
 * no vendor check, no schema. Printed beside the product so that a ratio goal can be judged against what is possible
 * at all on this machine. Usage: `tsx serve-floor.ts <sqlite file> <token> <agent id>`; prints `{ url }`.
 */
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { PayeeType } from '@cc/contracts';
import type { Database } from '../apps/server/src/db/schema.js';
import { UserRepository } from '../apps/server/src/modules/user/user.repository.js';
import { apiSecurityHeaders } from '../apps/server/src/plugins/security.js';

const [file, token, agentIdText] = process.argv.slice(2);
const reader = new SQLite(file!, { readonly: true });
// The product's SQL, taken from its repository (compiled by Kysely, never run through it here).
const profileSql = new UserRepository(new Kysely<Database>({ dialect: new SqliteDialect({ database: reader }) }))
  .profileSql;
// Raw rows (arrays): the cheapest way better-sqlite3 answers; columns found by name once.
const profile = reader.prepare(profileSql).raw(true);
const at = Object.fromEntries(profile.columns().map((column, i) => [column.name, i]));
const identities = new Map([[token!, { agentId: Number(agentIdText) }]]);
const headers = apiSecurityHeaders();

const app = Fastify({ logger: false });
app.addHook('onRequest', (request, reply, done) => {
  reply.headers(headers);
  reply.header('x-request-id', randomUUID());
  const identity = identities.get(request.headers.authorization?.slice('Bearer '.length) ?? '');
  if (!identity) {
    void reply.code(401).send({ code: 401, msg: '请先登录', body: null });
    return;
  }
  request.agentId = identity.agentId;
  done();
});
app.decorateRequest('agentId', 0);
app.get('/agent/v1/user/info', async (request) => {
  // Parameters in the compiled query's order: remaining > 0, expires_at <= now, the two payee types, the agent.
  const values = profile.get(0, Date.now(), PayeeType.Bank, PayeeType.Alipay, request.agentId) as Array<
    string | number | null
  >;
  const row = (column: string) => values[at[column]!]!;
  return {
    code: 0,
    msg: 'ok',
    body: {
      agent_id: row('id'),
      phone: row('phone'),
      real_name: row('real_name'),
      id_card_number: row('id_card_mask') ?? '',
      alipay_id: row('alipay_account_mask') ?? '',
      agent_mode: row('agent_mode'),
      sign_status: row('sign_status'),
      sign_phone: row('sign_phone'),
      bank_card_number: row('bank_account_mask') ?? '',
      bank_name: row('bank_name_masked') ?? '',
      nickname: row('nickname'),
      signed_at: row('signed_at') === null ? null : new Date(Number(row('signed_at'))).toISOString(),
      invite_code: row('invite_code'),
      share_rate: Number(row('share_rate_bp')) / 100,
      leader_id: row('leader_id'),
      team_at: row('team_at') === null ? null : new Date(Number(row('team_at'))).toISOString(),
      team_share_rate: Number(row('team_share_rate_bp')) / 100,
      commander_code: row('commander_code'),
      avatar_url: row('avatar_url'),
      creditInfo: { total: row('credit_total'), buy: row('credit_buy'), gift: row('credit_gift') },
      open_reelshort: row('open_reelshort') === 1,
    },
  };
});

declare module 'fastify' {
  interface FastifyRequest {
    agentId: number;
  }
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: `${address}/agent/v1/user/info` })}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
