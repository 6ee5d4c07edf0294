/**
 * Answers of failures met before any route or hook runs: a path that does not decode, a path
 * parameter over the router's length (414), a request line or headers over Node's limit (431), a malformed request.
 * Fastify and Node answer these with their own JSON and none of our headers; here they carry the envelope and the
 * API's security headers like every other answer (all of them are JSON: none is a document).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';
import { apiSecurityHeaders } from './security.js';

/** Fastify's `frameworkErrors`: the router refused the path. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(apiSecurityHeaders()).header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(failure(ErrorCode.uriTooLong, ErrorMessages.uriTooLong));
    return;
  }
  void reply.status(400).send(failure(ErrorCode.validation, ErrorMessages.validation));
}

/** Fastify's `clientErrorHandler`: Node's parser refused the request, so there is no request to answer, only bytes. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.headersTooLarge, ErrorMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.validation, ErrorMessages.validation]
        : [400, ErrorCode.validation, ErrorMessages.validation];
  const body = JSON.stringify(failure(code, msg));
  const headers = {
    ...apiSecurityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  // As Node answers a bad request itself: the answer is written, then the connection closes.
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}
