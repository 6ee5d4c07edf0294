/**
 * OpenAPI 3.1 documents generated from the endpoint table (ADR 0031): one for creators and partners, one for
 * operators. Schemas come from the entries' zod schemas through zod's own JSON Schema conversion (inputs as a caller
 * sends them, answers as the server writes them); answers that are not the JSON envelope (files, event streams, tus
 * steps, redirects) are described in words with their media type.
 */
import { ErrorCode, ErrorMessages, OperatorRoleLabels, type EndpointAnswer, type EndpointSpec } from '@cc/contracts';
import { zoneOfPath } from '../plugins/route-zone.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Audience = 'public' | 'operator';

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};

const envelopeOf = (body: JsonSchema, code: JsonSchema = { type: 'integer', const: 0 }): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'body'],
  properties: { code, msg: { type: 'string' }, body },
});

const FAILURE = envelopeOf({ type: 'null' }, { type: 'integer', description: '错误码，见描述' });

/** Besides the JSON envelope: what each kind of answer is on the wire. */
const RAW_ANSWERS: Record<Exclude<EndpointAnswer, 'envelope'>, { status: string; media: string; text: string }> = {
  file: { status: '200', media: 'application/octet-stream', text: '文件内容，支持 HTTP Range（206）' },
  events: { status: '200', media: 'text/event-stream', text: 'Server-Sent Events 进度流' },
  redirect: { status: '302', media: 'text/plain', text: '重定向，目标在 Location 头' },
  page: { status: '200', media: 'text/html', text: 'HTML 页面' },
  text: { status: '200', media: 'text/plain', text: '纯文本' },
  image: { status: '200', media: 'image/png', text: '图片' },
  json: { status: '200', media: 'application/json', text: 'JSON 文档（不带信封）' },
  tus: { status: '204', media: 'application/offset+octet-stream', text: 'tus 1.0 断点续传协议的一步，见 tus.io 协议' },
};

function parametersOf(entry: EndpointSpec): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', entry.params],
    ['query', entry.query],
    ['header', entry.headers],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties as Record<string, JsonSchema>) ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  if (entry.path.startsWith('/agent/') || entry.path.startsWith('/ai/') || entry.path.startsWith('/activity/')) {
    parameters.push({ $ref: '#/components/parameters/vendor' });
  }
  return parameters;
}

function errorsText(entry: EndpointSpec): string {
  const lines = (entry.errors ?? []).map((name) => `- \`${ErrorCode[name]}\` ${ErrorMessages[name] ?? ''}`);
  return ['失败时 `code` 非 0，`msg` 为中文说明。', ...lines].join('\n');
}

function operationOf(entry: EndpointSpec): JsonSchema {
  const answer = entry.answer ?? 'envelope';
  const responses: JsonSchema =
    answer === 'envelope'
      ? {
          '200': {
            description: entry.successText ? `成功，msg 为「${entry.successText}」` : '成功',
            content: {
              'application/json': {
                schema: envelopeOf(entry.response ? toSchema(entry.response, 'output') : { type: 'null' }),
              },
            },
          },
        }
      : {
          [RAW_ANSWERS[answer].status]: {
            description: RAW_ANSWERS[answer].text,
            content: { [RAW_ANSWERS[answer].media]: {} },
          },
        };
  responses['4XX'] = { description: errorsText(entry), content: { 'application/json': { schema: FAILURE } } };
  const operation: JsonSchema = {
    operationId: `${entry.method.toLowerCase()}${entry.path.replace(/[^A-Za-z0-9]/g, '_')}`,
    summary: entry.summary,
    tags: [entry.tag],
    parameters: parametersOf(entry),
    responses,
  };
  if (entry.description) operation.description = entry.description;
  if (entry.body) {
    const schema = toSchema(entry.body, 'input');
    const content: JsonSchema = {
      'application/json': { schema, ...(entry.example?.body ? { example: entry.example.body } : {}) },
    };
    if (entry.formBody) content['application/x-www-form-urlencoded'] = { schema };
    operation.requestBody = { required: true, content };
  }
  if (entry.guard === 'creator') operation.security = [{ creator: [] }];
  if (entry.guard === 'operator') {
    operation.security = [{ operator: [] }];
    const roles = (entry.roles ?? []).map((role) => OperatorRoleLabels[role]).join('、');
    operation.description = [entry.description, `允许的角色：${roles}。`].filter(Boolean).join('\n\n');
    operation['x-roles'] = entry.roles;
  }
  return operation;
}

/** Each document names only its own credential: the public one has no word of the operator token. */
const SECURITY_SCHEMES = {
  creator: { type: 'http', scheme: 'bearer', description: '登录后得到的 access_token' },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description: '运营账号登录得到的 access_token、API 密钥或 OPERATOR_TOKEN',
  },
};

const AUDIENCE: Record<Audience, (entry: EndpointSpec) => boolean> = {
  public: (entry) => entry.guard !== 'operator' && entry.guard !== 'local' && zoneOfPath(entry.path) !== 'ops',
  operator: (entry) => zoneOfPath(entry.path) === 'ops',
};

export function openApiDocument(
  table: readonly EndpointSpec[],
  audience: Audience,
  info: { version: string; serverUrl: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const entry of table.filter(AUDIENCE[audience])) {
    const path = entry.path.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\*$/, '{path}');
    (paths[path] ??= {})[entry.method.toLowerCase()] = operationOf(entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: audience === 'public' ? '创作者中心 API' : '创作者中心运营 API',
      version: info.version,
      description:
        audience === 'public'
          ? '创作者端与合作方（开放接口）的全部接口。成功与失败都以 `{ code, msg, body }` 回答，`code` 为 0 表示成功。合作方签名、下单顺序和对账见 docs/open-api.md。'
          : '运营接口：以运营账号登录（`POST /ops/v1/auth/login`）得到的 access_token、管理员创建的 API 密钥或 `OPERATOR_TOKEN`（管理员权限）作为 Bearer 调用；每个接口注明允许的角色，其他角色得到 403。',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes:
        audience === 'public' ? { creator: SECURITY_SCHEMES.creator } : { operator: SECURITY_SCHEMES.operator },
      parameters: {
        vendor: { name: 'vendor', in: 'header', required: true, schema: { type: 'string', example: 'default' } },
      },
    },
  };
}
