/**
 * The AI tools (`/ai/v1`): the tools with prices and limits, quotes, runs, a creator's jobs, cancel, the mixed cut's
 * plan, and a job's live progress as server-sent events.
 */
import { pagedSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import {
  createJobResultSchema,
  createJobSchema,
  jobRequestKeyHeadersSchema,
  mixcutPlanRequestSchema,
  mixcutPlanSchema,
  quoteSchema,
  toolJobIdParamsSchema,
  toolJobListQuerySchema,
  toolJobSchema,
  toolListSchema,
  glossarySchema,
  translateSubtitlesRequestSchema,
  translateSubtitlesSchema,
  voiceListSchema,
} from './tool.schema.js';

const tag = 'AI 工具';

const tools = endpoint({
  method: 'GET',
  path: '/ai/v1/tools',
  guard: 'anonymous',
  tag,
  summary: '工具列表（价格、上限、是否可用）',
  response: toolListSchema,
});

const quote = endpoint({
  method: 'POST',
  path: '/ai/v1/jobs/quote',
  guard: 'creator',
  tag,
  summary: '运行前报价（所需积分）',
  body: createJobSchema,
  response: quoteSchema,
  errors: [
    'mediaNotFound',
    'toolMediaNotReady',
    'toolTimelineInvalid',
    'toolMaterialTooShort',
    'toolServiceUnavailable',
    'translateOneVideo',
    'translateSubtitleInvalid',
    'translateVoiceUnknown',
  ],
});

const create = endpoint({
  method: 'POST',
  path: '/ai/v1/jobs',
  guard: 'creator',
  tag,
  summary: '运行工具（扣积分并排队）',
  description:
    '带 `idempotency-key` 头（8～64 位字母、数字、`_`、`-`）重试同一次运行时回答第一次的任务且不再扣积分；同一编号配不同设置被拒绝。',
  body: createJobSchema,
  headers: jobRequestKeyHeadersSchema,
  response: createJobResultSchema,
  successText: '任务已提交',
  errors: [
    'mediaNotFound',
    'toolMediaNotReady',
    'toolTimelineInvalid',
    'toolMaterialTooShort',
    'insufficientPoints',
    'toolRequestKeyReused',
    'toolServiceUnavailable',
    'translateOneVideo',
    'translateSubtitleInvalid',
    'translateVoiceUnknown',
  ],
});

const jobs = endpoint({
  method: 'GET',
  path: '/ai/v1/jobs',
  guard: 'creator',
  tag,
  summary: '我的任务（最新在前）',
  query: toolJobListQuerySchema,
  response: pagedSchema(toolJobSchema),
});

const job = endpoint({
  method: 'GET',
  path: '/ai/v1/jobs/:id',
  guard: 'creator',
  tag,
  summary: '一个任务的状态与结果',
  params: toolJobIdParamsSchema,
  response: toolJobSchema,
  errors: ['toolJobNotFound'],
});

const cancel = endpoint({
  method: 'POST',
  path: '/ai/v1/jobs/:id/cancel',
  guard: 'creator',
  tag,
  summary: '取消排队中或运行中的任务（退回积分）',
  params: toolJobIdParamsSchema,
  response: toolJobSchema,
  successText: '已取消',
  errors: ['toolJobNotFound', 'toolJobNotCancellable'],
});

const mixcutPlan = endpoint({
  method: 'POST',
  path: '/ai/v1/mixcut/plan',
  guard: 'creator',
  tag,
  summary: '混剪方案预览（素材分析后的时间线）',
  description: '素材尚未分析完时回答 `status: analyzing` 与进度，客户端稍后再问。',
  body: mixcutPlanRequestSchema,
  response: mixcutPlanSchema,
  errors: ['mediaNotFound', 'toolMediaNotReady', 'toolMaterialTooShort'],
});

const events = endpoint({
  method: 'GET',
  path: '/ai/v1/jobs/:id/events',
  guard: 'creator',
  tag,
  summary: '任务进度的实时推送（SSE）',
  description:
    'Server-Sent Events：任务每次变化时发送 `event: job`，`data` 为任务 JSON（与查询任务的 body 相同）；连接后立即发送一次，因此重连无需补发。任务结束（成功、失败、取消）后服务端关闭流；无变化时每 15 秒发送注释行保活。' +
    '每位创作者与每个 IP 同时打开的流有上限，超过时在流开始前以信封回答。任务不存在时同样以信封回答。',
  params: toolJobIdParamsSchema,
  answer: 'events',
  errors: ['toolJobNotFound', 'streamLimit'],
});

const translateSubtitles = endpoint({
  method: 'POST',
  path: '/ai/v1/translate/subtitles',
  guard: 'creator',
  tag,
  summary: '字幕翻译预览（识别/读取字幕并翻译，供运行前校对）',
  description:
    '首次请求开始识别与翻译并回答 `status: working` 与进度，客户端稍后再问；同一视频、字幕文件、语言与术语表的结果会保留并在运行时复用。不扣积分。',
  body: translateSubtitlesRequestSchema,
  response: translateSubtitlesSchema,
  errors: ['mediaNotFound', 'toolMediaNotReady', 'toolServiceUnavailable'],
});

const glossary = endpoint({
  method: 'GET',
  path: '/ai/v1/translate/glossary',
  guard: 'creator',
  tag,
  summary: '我的术语表',
  response: glossarySchema,
});

const saveGlossary = endpoint({
  method: 'PUT',
  path: '/ai/v1/translate/glossary',
  guard: 'creator',
  tag,
  summary: '保存术语表（整表替换）',
  body: glossarySchema,
  response: glossarySchema,
  successText: '术语表已保存',
  errors: ['translateGlossaryDuplicate'],
});

const voices = endpoint({
  method: 'GET',
  path: '/ai/v1/voices',
  guard: 'anonymous',
  tag,
  summary: '配音音色（内置音色为机器合成，无需语音服务）',
  response: voiceListSchema,
});

export const toolApi = {
  tools,
  quote,
  create,
  jobs,
  job,
  cancel,
  mixcutPlan,
  events,
  translateSubtitles,
  glossary,
  saveGlossary,
  voices,
} as const;
