/** The server's own routes: liveness and readiness for the orchestrator, and the demo catalogue's media files. */
import { endpoint } from '../endpoint.js';
import { healthSchema, staticMediaParamsSchema } from './platform.schema.js';

const tag = '服务状态';

const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  guard: 'anonymous',
  tag,
  summary: '存活检查（进程在运行）',
  response: healthSchema,
});

const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  guard: 'anonymous',
  tag,
  summary: '就绪检查（数据库与 Redis 可用）',
  response: healthSchema,
  errors: ['unavailable'],
});

const mediaFile = endpoint({
  method: 'GET',
  path: '/media/*',
  guard: 'anonymous',
  tag,
  summary: '演示内容的静态媒体文件（剧集、海报）',
  description: '数据目录（DATA_DIR）下 media 文件夹中的文件，缓存 7 天，支持 Range。',
  params: staticMediaParamsSchema,
  answer: 'file',
});

export const platformApi = { healthz, readyz, mediaFile } as const;
