/** The operator API's guard (`/ops/v1/...`): the configured OPERATOR_TOKEN as a bearer; with none, the API is closed. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import { parseBearer } from '../modules/auth/token.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** An `onRequest` hook that refuses any request without the operator token. */
export function operatorGuard(operatorToken: string | null) {
  return async (request: FastifyRequest) => {
    const given = parseBearer(request.headers.authorization);
    if (!operatorToken || !given || !timingSafeEqual(digest(given), digest(operatorToken))) {
      throw appError('operatorUnauthorized');
    }
  };
}

/**
 * Who an operator call is recorded as having made: the credential used. Only the operator token exists until the
 * operator console brings accounts; its columns (`created_by`, `decided_by`) will then hold an operator's id.
 */
export const OPERATOR_TOKEN_ACTOR = 'operator-token';
