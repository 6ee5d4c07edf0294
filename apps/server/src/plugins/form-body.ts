/** Parses `application/x-www-form-urlencoded` bodies (task/active, Alipay's notifications and gateway calls). */
import type { FastifyInstance } from 'fastify';

export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
