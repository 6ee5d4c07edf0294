/** The server's own routes: health checks and the demo catalogue's static media. */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.string() });

/**
 * `/media/*`: the wildcard's value, named `path` as OpenAPI names it. Served by @fastify/static (not `route()`), which
 * reads it as Fastify's `*` parameter; this schema only describes it.
 */
export const staticMediaParamsSchema = z.object({ path: z.string().meta({ label: '文件路径' }) });
