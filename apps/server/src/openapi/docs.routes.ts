/**
 * The API reference (ADR 0031): `/openapi.json` (creators and partners) and `/ops/v1/openapi.json` (operators, behind
 * the operator token), generated once from the endpoint table, and `/docs/`, Scalar's page rendering the first. The
 * page runs one inline script; its CSP allows exactly that script by its hash, nothing else inline.
 */
import { createHash } from 'node:crypto';
import { docsApi, endpointTable } from '@cc/contracts';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/endpoint-route.js';
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

export async function docsRoutes(app: FastifyInstance, options: { version: string; serverUrl: string }) {
  const documents = {
    public: JSON.stringify(openApiDocument(endpointTable, 'public', options)),
    operator: JSON.stringify(openApiDocument(endpointTable, 'operator', options)),
  };
  route(app, docsApi.openApiPublic, async (_request, reply) => reply.type('application/json').send(documents.public));
  route(app, docsApi.openApiOperator, async (_request, reply) =>
    reply.type('application/json').send(documents.operator),
  );

  await app.register(async (docs) => {
    docs.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url === '/docs/' && typeof payload === 'string') {
        reply.header('content-security-policy', cspFor(payload));
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
