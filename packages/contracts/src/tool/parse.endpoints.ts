/** 短剧解析's results (`/ai/v1/parse/*`); a parse itself runs as a tool job (`POST /ai/v1/jobs`, tool `parse`). */
import { endpoint } from '../endpoint.js';
import { parseEpisodesQuerySchema, parseEpisodesSchema } from './parse.schema.js';

const episodes = endpoint({
  method: 'GET',
  path: '/ai/v1/parse/episodes',
  guard: 'creator',
  tag: 'AI 工具',
  summary: '短剧解析结果（镜头、场景、字幕、人物台词、摘要、高光曲线、建议剪除的片头与回顾）',
  description: '按 `media_ids`（逗号分隔）回答已解析的剧集；尚未解析的列在 `missing` 中。',
  query: parseEpisodesQuerySchema,
  response: parseEpisodesSchema,
  errors: ['mediaNotFound'],
});

export const parseApi = { episodes } as const;
