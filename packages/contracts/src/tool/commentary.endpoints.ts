/** 影视解说 (`/ai/v1/commentary`): the narration script's preview, and the script an earlier job rendered. */
import { endpoint } from '../endpoint.js';
import {
  commentaryJobParamsSchema,
  commentaryScriptRequestSchema,
  commentaryScriptSchema,
} from './commentary.schema.js';

const tag = 'AI 工具';

const script = endpoint({
  method: 'POST',
  path: '/ai/v1/commentary/script',
  guard: 'creator',
  tag,
  summary: '解说文案预览（分析镜头与台词后撰写，供运行前编辑）',
  description:
    '首次请求开始分析素材并撰写解说文案，回答 `status: working` 与进度，客户端稍后再问；同一组素材与风格的文案会保留，' +
    '`fresh: true` 时重新撰写。不扣积分。',
  body: commentaryScriptRequestSchema,
  response: commentaryScriptSchema,
  errors: ['mediaNotFound', 'toolMediaNotReady', 'toolServiceUnavailable'],
});

const jobScript = endpoint({
  method: 'GET',
  path: '/ai/v1/commentary/jobs/:id/script',
  guard: 'creator',
  tag,
  summary: '一个解说任务所用的文案（历史文案）',
  params: commentaryJobParamsSchema,
  response: commentaryScriptSchema,
  errors: ['toolJobNotFound', 'commentaryScriptMissing'],
});

export const commentaryApi = { script, jobScript } as const;
