/**
 * `/ai/v1` tool calls: the tools with prices and limits, quotes, runs, a creator's jobs, cancel, the
 * mixed cut's plan, and live progress as server-sent events. A creator sees only their own jobs.
 */
import { isTerminalToolJob, toolApi, toolJobSchema, type Voice } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { hijackKeepingHeaders } from '../../plugins/security.js';
import { offsetOf, paged } from '../paging.js';
import type { StreamSlots } from '../../plugins/stream-slots.js';
import type { ToolService } from './tool.service.js';

/** Streams look at the job this often when no same-process event wakes them (a worker in another process). */
const STREAM_POLL_MS = 1000;
const STREAM_KEEPALIVE_MS = 15_000;

export function toolRoutes(tools: ToolService, streams: StreamSlots, voices: () => Voice[]): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, toolApi.tools, async () => ({ data: tools.list() }));

    route(app, toolApi.voices, async () => ({ data: voices() }));

    route(app, toolApi.quote, async (request) => tools.quote(identityOf(request).agentId, request.body));

    route(app, toolApi.create, async (request) =>
      tools.create(identityOf(request).agentId, request.body, request.headers['idempotency-key']),
    );

    route(app, toolApi.jobs, async (request) => {
      const { tool, status } = request.query;
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await tools.page(identityOf(request).agentId, { tool, status }, limit, offset);
      return paged(data, total, request.query);
    });

    route(app, toolApi.job, async (request) => tools.get(identityOf(request).agentId, Number(request.params.id)));

    route(app, toolApi.cancel, async (request) => tools.cancel(identityOf(request).agentId, Number(request.params.id)));

    route(app, toolApi.mixcutPlan, async (request) =>
      tools.plan(identityOf(request).agentId, { tool: 'mixcut', ...request.body }),
    );

    /**
     * Live progress: `event: job` with the job as JSON whenever it changes, until it ends. The first event is sent
     * at once, so a client that reconnects is up to date without replay.
     */
    route(app, toolApi.events, async (request, reply) => {
      const agentId = identityOf(request).agentId;
      const id = Number(request.params.id);
      let job = await tools.get(agentId, id);
      // Over the cap the answer is the envelope's 429, before the stream starts.
      const release = streams.acquire(agentId, request.ip);
      const raw = hijackKeepingHeaders(reply);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      let wake: (() => void) | null = null;
      const onChange = (changed: number) => changed === id && wake?.();
      tools.events.on('changed', onChange);
      raw.on('close', () => {
        closed = true;
        wake?.();
      });
      const send = (text: string) => {
        if (!closed) raw.write(text);
      };
      let lastSent = '';
      let lastWrite = Date.now();
      try {
        for (;;) {
          const text = JSON.stringify(toolJobSchema.parse(job));
          if (text !== lastSent) {
            send(`event: job\ndata: ${text}\n\n`);
            lastSent = text;
            lastWrite = Date.now();
          } else if (Date.now() - lastWrite >= STREAM_KEEPALIVE_MS) {
            send(': keep-alive\n\n');
            lastWrite = Date.now();
          }
          if (closed || isTerminalToolJob(job.status)) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, STREAM_POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (closed) break;
          job = await tools.get(agentId, id);
        }
      } catch (error) {
        request.log.warn({ err: error, toolJobId: id }, 'job event stream ended by an error');
      } finally {
        tools.events.off('changed', onChange);
        release();
        raw.end();
      }
    });
  };
}
