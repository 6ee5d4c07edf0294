/**
 * The `{ code, msg, body }` envelope: success helper, error handler and not-found handler. Validation errors
 * name the field in Chinese; a 5xx never carries internals to the client.
 */
import { ErrorCode, ErrorMessages, envelopeSchema, type Envelope } from '@cc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors.js';

export function ok<T>(body: T, msg = 'ok'): Envelope<T> {
  return { code: ErrorCode.ok, msg, body };
}

/** Response schema for a route answering `ok(body)`: the serializer drops every field the schema does not name. */
export function okSchema<T extends z.ZodType>(body: T) {
  return { 200: envelopeSchema(body) };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, msg, body: null };
}

/** Chinese names of request fields, used when a schema's own message does not name the field. */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  code: '验证码',
  type: '验证码类型',
  invite_code: '邀请码',
  channel_from: '渠道来源',
  source: '来源',
  cq: '来源参数',
  nickname: '昵称',
  avatar_url: '头像',
  page_num: '页码',
  page_size: '每页数量',
};

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return ErrorMessages.validation;
  const first = error.validation[0];
  if (!first) return ErrorMessages.validation;
  const field = first.instancePath.split('/').filter(Boolean).pop() ?? '';
  const label = FIELD_LABELS[field];
  const message = first.message ?? '';
  // Our contracts write Chinese messages that already name the field; zod's defaults are English.
  if (/[\u4e00-\u9fa5]/.test(message)) return message;
  if (label) return `${label}格式不正确`;
  return ErrorMessages.validation;
}

export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(failure(error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(failure(ErrorCode.validation, validationMessage(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(failure(ErrorCode.payloadTooLarge, ErrorMessages.payloadTooLarge));
    if (status === 429) return reply.status(429).send(failure(ErrorCode.rateLimited, ErrorMessages.rateLimited));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, told plainly.
      return reply.status(status).send(failure(ErrorCode.validation, ErrorMessages.validation));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(ErrorCode.internal, ErrorMessages.internal));
  });
}

export function sendRouteNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(failure(ErrorCode.routeNotFound, ErrorMessages.routeNotFound));
}
