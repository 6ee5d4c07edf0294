/**
 * Parses `application/x-www-form-urlencoded` bodies for the endpoints whose entry takes a form (`formBody`: task/active,
 * Alipay's notifications and gateway calls, the sandbox cashier). Every other endpoint refuses one as an unsupported
 * type, as its OpenAPI description says: a JSON endpoint has no second way in that a browser form could post.
 */
import { errorCodes, type FastifyInstance } from 'fastify';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.config.endpoint?.formBody) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(FORM_TYPE), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
