/** Operator accounts for tests: created with the operator token, logged in with codes from test/totp-codes.ts. */
import type { OperatorRole } from '@cc/contracts';
import { call, type TestContext } from './test-app.js';
import { totpCode } from './totp-codes.js';

export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';
export const OPERATOR_PASSWORD = 'a long operator password';

export interface TestOperator {
  id: number;
  username: string;
  secret: string;
  recoveryCodes: string[];
}

let counter = 0;

export async function createOperator(ctx: TestContext, role: OperatorRole): Promise<TestOperator> {
  counter += 1;
  const username = `${role}${counter}`;
  const created = await call(ctx.app, {
    url: '/ops/v1/operators',
    token: OPERATOR_TOKEN,
    body: { username, password: OPERATOR_PASSWORD, role },
  });
  if (created.json.code !== 0) throw new Error(`create operator failed: ${created.json.msg}`);
  const body = created.json.body as { id: number; totp_secret: string; recovery_codes: string[] };
  return { id: body.id, username, secret: body.totp_secret, recoveryCodes: body.recovery_codes };
}

/** Logs in with the current code; the clock moves a step on first so two logins never reuse one. */
export async function operatorLogin(ctx: TestContext, operator: TestOperator, totp?: string) {
  if (totp === undefined) ctx.clock.advance(30_000);
  return call(ctx.app, {
    url: '/ops/v1/auth/login',
    vendor: null,
    body: {
      username: operator.username,
      password: OPERATOR_PASSWORD,
      totp: totp ?? totpCode(operator.secret, ctx.clock.now()),
    },
  });
}

export async function operatorSession(
  ctx: TestContext,
  role: OperatorRole,
): Promise<{ operator: TestOperator; token: string }> {
  const operator = await createOperator(ctx, role);
  const login = await operatorLogin(ctx, operator);
  if (login.json.code !== 0) throw new Error(`operator login failed: ${login.json.msg}`);
  return { operator, token: login.json.body.access_token as string };
}
