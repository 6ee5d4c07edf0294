/**
 * The API reference (ADR 0031): `/openapi.json` (creators and partners) and `/ops/v1/openapi.json` (operators, behind
 * the operator token), generated once from the endpoint table, and `/docs/`, Scalar's page rendering the first. The
 * page runs one inline script; its CSP allows exactly that script by its hash, nothing else inline. The documents and
 * Scalar's script (4.9 MB) go out compressed and tagged, so a visit costs a revalidation, not megabytes.
 */
import { createHash } from 'node:crypto';
import { docsApi, endpointTable } from '@cc/contracts';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { appError } from '../errors.js';
import { route } from '../plugins/endpoint-route.js';
import { compressedOnDemand, fixedAnswer, type FixedBody } from '../plugins/fixed-body.js';
import { pageSecurityHeaders } from '../plugins/security.js';
import { openApiDocument } from './openapi-document.js';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The page's CSP with its inline scripts allowed by their SHA-256, and the reference's own requests. */
function cspFor(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );
  const base = pageSecurityHeaders()['content-security-policy'] ?? '';
  return base.replace(/script-src [^;]*/, `script-src 'self' ${hashes.join(' ')}`);
}

const JSON_TYPE = 'application/json; charset=utf-8';

export async function docsRoutes(app: FastifyInstance, options: { version: string; serverUrl: string }) {
  const documentOf = (audience: 'public' | 'operator') =>
    compressedOnDemand(Buffer.from(JSON.stringify(openApiDocument(endpointTable, audience, options))));
  const documents = { public: documentOf('public'), operator: documentOf('operator') };
  route(app, docsApi.openApiPublic, async (request, reply) =>
    reply.send(await fixedAnswer(request, reply, documents.public, JSON_TYPE)),
  );
  route(app, docsApi.openApiOperator, async (request, reply) =>
    reply.send(await fixedAnswer(request, reply, documents.operator, JSON_TYPE)),
  );

  await app.register(async (docs) => {
    // Scalar's page and redirect build a URL from the request's host (`X-Forwarded-Host` behind a trusted proxy);
    // one that names no host would make them throw, a server error for the client's mistake.
    docs.addHook('onRequest', async (request) => {
      if (!URL.canParse(`${request.protocol}://${request.hostname}`)) throw appError('validation');
    });
    let script: FixedBody | undefined;
    docs.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string') return payload;
      const url = request.routeOptions.url;
      if (url === docsApi.page.path) reply.header('content-security-policy', cspFor(payload));
      // The script is the same string on every request: compressed and tagged on its first.
      if (url === docsApi.script.path) {
        script ??= compressedOnDemand(Buffer.from(payload));
        return fixedAnswer(request, reply, script, 'application/javascript; charset=utf-8');
      }
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: '/docs',
      configuration: {
        url: docsApi.openApiPublic.path,
        pageTitle: '创作者中心 API 文档',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // A reference, not a console: no developer toolbar, AI chat or MCP offers (they call out to scalar.com).
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        defaultOpenAllTags: true,
      },
    });
  });
}
