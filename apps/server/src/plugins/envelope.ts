/**
 * The `{ code, msg, body }` envelope: success helper, error handler and not-found handler. Validation errors
 * name the field in Chinese; a 5xx never carries internals to the client.
 */
import { ErrorCode, ErrorMessages, envelopeSchema, type Envelope } from '@cc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { fieldMessage } from './field-label.js';

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

/**
 * A validation failure in words a user can act on. Our contracts write Chinese messages that name the field;
 * zod's defaults are English, so those become "<label>格式不正确" with the label the route's schema gives the field.
 */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return ErrorMessages.validation;
  const first = error.validation[0];
  if (!first) return ErrorMessages.validation;
  const part = error.validationContext as keyof FastifySchema | undefined;
  const schema = part ? request.routeOptions.schema?.[part] : undefined;
  const path = first.instancePath.split('/').filter(Boolean);
  return fieldMessage(schema, path, first.message ?? '') ?? ErrorMessages.validation;
}

export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(failure(error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(failure(ErrorCode.validation, validationMessage(error, request)));
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
