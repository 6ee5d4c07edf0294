/** The API reference: the OpenAPI documents generated from the endpoint table, and the page that renders them. */
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';

const tag = '接口文档';

const openApiPublic = endpoint({
  method: 'GET',
  path: '/openapi.json',
  guard: 'anonymous',
  tag,
  summary: '创作者与合作方接口的 OpenAPI 3.1 文档',
  answer: 'json',
});

const openApiOperator = endpoint({
  method: 'GET',
  path: '/ops/v1/openapi.json',
  guard: 'operator',
  roles: opsAccess.anyOperator,
  tag,
  summary: '运营接口的 OpenAPI 3.1 文档',
  answer: 'json',
});

const redirect = endpoint({
  method: 'GET',
  path: '/docs',
  guard: 'anonymous',
  tag,
  summary: '接口文档页（转到 /docs/）',
  answer: 'redirect',
});

const page = endpoint({
  method: 'GET',
  path: '/docs/',
  guard: 'anonymous',
  tag,
  summary: '接口文档页（Scalar 渲染 /openapi.json）',
  answer: 'page',
});

const script = endpoint({
  method: 'GET',
  path: '/docs/js/scalar.js',
  guard: 'anonymous',
  tag,
  summary: '接口文档页的脚本',
  answer: 'file',
});

export const docsApi = {
  openApiPublic,
  openApiOperator,
  redirect,
  page,
  script,
} as const;
