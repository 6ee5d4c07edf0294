/**
 * The partner apps' open API: `POST /open/v1/orders`, signed with the app's secret over the raw request bytes
 * (docs/open-api.md). This plugin parses JSON itself so that the signature is checked on exactly what was sent,
 * before anything in the body is looked at; a body that is not declared JSON is refused before it is read.
 */
import { openOrderSchema, settlementApi, type OpenOrder } from '@cc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../../errors.js';
import { route } from '../../plugins/endpoint-route.js';
import type { IncomeService } from './income.service.js';
import type { PartnerAppService } from './partner-app.service.js';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const BOM = '\uFEFF';
/** The body must be UTF-8 as the document says: other bytes would be stored as replacement characters. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The order in a body, or `openBodyInvalid` naming what is wrong (in Chinese, the field by its wire name). */
export function parseOpenOrder(input: unknown): OpenOrder {
  const parsed = openOrderSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || '请求体';
  const error = appError('openBodyInvalid');
  error.message = `${error.message}：${issue && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : `${field} 格式不正确`}`;
  throw error;
}

export function openOrderRoutes(partnerApps: PartnerAppService, income: IncomeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Form bodies, text and a missing content type are told apart from a bad signature: 415, before any parsing.
    const onRequest = async (request: FastifyRequest) => {
      if (!JSON_MEDIA_TYPE.test(header(request.headers['content-type']) ?? '')) throw appError('openBodyNotJson');
    };

    // The entry's body schema documents the order; the handler reads it from the raw bytes once they are verified
    // (`parseOpenOrder`, with the open API's own codes), so the framework's validator passes the bytes through.
    route(
      app,
      settlementApi.openOrder,
      async (request) => {
        const body: unknown = request.body;
        const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const appId = await partnerApps.verify({
          appKey: header(request.headers['x-app-key']),
          timestamp: header(request.headers['x-timestamp']),
          signature: header(request.headers['x-signature']),
          rawBody,
        });
        let text: string;
        try {
          text = utf8.decode(rawBody);
        } catch {
          throw appError('openBodyInvalid', '订单内容不正确：请求体须为 UTF-8 编码的 JSON');
        }
        let json: unknown;
        try {
          // The signature covers the bytes as sent, a byte order mark included; JSON.parse does not take one.
          json = JSON.parse(text.startsWith(BOM) ? text.slice(1) : text);
        } catch {
          throw appError('openBodyInvalid');
        }
        return { status: await income.receive(appId, parseOpenOrder(json), 'api') };
      },
      { onRequest, validatorCompiler: () => (value) => ({ value }) },
    );
  };
}
