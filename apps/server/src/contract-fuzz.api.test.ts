/**
 * The contract fuzz suite: every route the app registers is called with values derived from its zod
 * contracts and made hostile (wrong types, numbers past every column's range, undecodable and invisible text, long
 * text, wrong shapes, fields missing or added, bodies that are not JSON), as an anonymous caller, a logged-in
 * creator and, on `/ops/`, the operator. No answer may be a 5xx, and every answer is the `{ code, msg, body }`
 * envelope, a failure with a Chinese message, except what a route's entry in the endpoint table declares it answers
 * instead (its `answer`: a file, an image, a redirect, a page, text). Routes are read from the app as it registers
 * them: a new route is fuzzed without a line here, and one this suite cannot fuzz must be listed below with the
 * reason, or the coverage test fails. Deterministic: a fixed seed and a fixed number of runs per route and caller.
 */
import { endpointKey, endpointTable, type EndpointAnswer } from '@cc/contracts';
import { seedDemoData } from './demo/demo-seed.js';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ABSENT,
  hostileFor,
  mutatedValue,
  numberFields,
  sampleValid,
  toJsonText,
  toQueryString,
  toUrlText,
  validValue,
} from '../test/contract-arbitraries.js';
import {
  HOSTILE_CONTENT_TYPES,
  HOSTILE_HEADER_TEXTS,
  HOSTILE_QUERY_TEXTS,
  HOSTILE_RAW_BODIES,
  hostileRecord,
  hostileText,
  hostileValue,
  RawJsonNumber,
} from '../test/hostile-values.js';
import { createTestApp, loginAs, nextPhone, testDatabaseKind, VENDOR } from '../test/test-app.js';

/** A longer or different run, to look for more (`CONTRACT_FUZZ_SEED=7 CONTRACT_FUZZ_SCALE=10`); CI runs the default. */
const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 190_019);
const SCALE = Number(process.env.CONTRACT_FUZZ_SCALE ?? 1);
/** Random calls per route and caller, after the boundary sweep; anonymous calls mostly end at the login check. */
const RUNS = { anonymous: 8 * SCALE, creator: 24 * SCALE, operator: 24 * SCALE } as const;
const OPERATOR_TOKEN = 'operator-token-for-the-contract-fuzz-suite-0123';

/** An answer other than the envelope, as this suite recognises it. */
type Form = 'file' | 'image' | 'redirect' | 'page' | 'text';
/**
 * What a route may send instead of the envelope, by the `answer` its endpoint entry declares; anything else it sends
 * must still be the envelope (a file route's refusal is). A redirect is followed by a browser, so its failures are
 * pages a person reads. `null`: a kind this suite cannot call (an event stream, a tus step, a JSON document of its
 * own), whose routes must be in EXCLUDED.
 */
const FORMS_OF: Record<Exclude<EndpointAnswer, 'envelope'>, Form[] | null> = {
  file: ['file'],
  image: ['image'],
  redirect: ['redirect', 'page'],
  page: ['page'],
  text: ['text'],
  events: null,
  tus: null,
  json: null,
};

/** Each endpoint's declared answer by its route key; the server registers exactly these entries. */
const ANSWER_OF: ReadonlyMap<string, EndpointAnswer> = new Map(
  endpointTable.map((entry) => [endpointKey(entry.method, entry.path), entry.answer ?? 'envelope']),
);

/** Routes not fuzzed here (`*` for every method), and why. */
const EXCLUDED: Record<string, string> = {
  '* /ai/v1/media/uploads':
    'the tus protocol (binary PATCH bodies, tus headers), fuzzed by the tus clients in media.api',
  '* /ai/v1/media/uploads/:uploadId': 'the tus protocol, as above',
  'GET /ai/v1/jobs/:id/events': 'an SSE stream that stays open; its refusals are tested in tool.api',
  'POST /dev/alipay/gateway.do': "the development Alipay sandbox: Alipay's protocol, not ours",
  'GET /dev/alipay/gateway.do':
    "the development Alipay sandbox's mobile cashier (wap.pay opens it by GET, as Alipay's gateway does)",
  'GET /dev/alipay/cashier': "the development Alipay sandbox's cashier page",
  'POST /dev/alipay/cashier': "the development Alipay sandbox's cashier page",
  'GET /media/*': 'static files of the demo catalogue (@fastify/static)',
  'GET /openapi.json': 'the OpenAPI document, generated once at start-up; no input (openapi.api)',
  'GET /ops/v1/openapi.json': "the operators' OpenAPI document, as above",
  'GET /docs': "the reference page's redirect to /docs/ (Scalar)",
  'GET /docs/': 'the reference page (Scalar); no input',
  'GET /docs/js/scalar.js': "the reference page's script (Scalar)",
};

type Caller = 'anonymous' | 'creator' | 'operator';

type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string };

interface FuzzCase {
  params: Record<string, unknown>;
  query: Record<string, unknown> | null;
  rawQuery: string | null;
  body: BodyCase;
  headers: Record<string, unknown>;
  vendor: string | null;
  /** An anonymous caller's hostile `authorization` header. */
  authorization: string | null;
}

interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  key: string;
  schema: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown; response?: unknown };
  /** What the route may answer instead of the envelope; none for an envelope route. */
  forms: Form[];
}

const routes: RouteOptions[] = [];
const ctx = await createTestApp({ OPERATOR_TOKEN }, { onRoute: (route) => routes.push(route) });
await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
afterAll(() => ctx.close());

function keysOf(route: RouteOptions): { method: HTTPMethods; key: string }[] {
  return [route.method].flat().map((method) => ({ method, key: `${method} ${route.url}` }));
}

function isExcluded(method: string, url: string): boolean {
  return `${method} ${url}` in EXCLUDED || `* ${url}` in EXCLUDED;
}

/** A HEAD route beside a GET one on the same path: Fastify's twin, the same handler, fuzzed through the GET. */
function isHeadTwin(method: string, url: string): boolean {
  return method === 'HEAD' && routes.some((route) => route.url === url && [route.method].flat().includes('GET'));
}

function classify(route: RouteOptions, method: HTTPMethods, key: string): FuzzRoute | 'skip' | 'unclassified' {
  if (isExcluded(method, route.url) || isHeadTwin(method, route.url)) return 'skip';
  const schema = (route.schema ?? {}) as FuzzRoute['schema'];
  const answer = ANSWER_OF.get(key);
  if (answer === undefined) return 'unclassified';
  const forms = answer === 'envelope' ? (schema.response ? [] : null) : FORMS_OF[answer];
  return forms ? { method, url: route.url, key, schema, forms } : 'unclassified';
}

const fuzzRoutes: FuzzRoute[] = routes.flatMap((route) =>
  keysOf(route).flatMap(({ method, key }) => {
    const found = classify(route, method, key);
    return typeof found === 'object' ? [found] : [];
  }),
);

function callersOf(url: string): Caller[] {
  if (url.startsWith('/ops/')) return ['anonymous', 'creator', 'operator'];
  if (['/open/', '/dev/', '/pay/', '/healthz', '/readyz'].some((prefix) => url.startsWith(prefix))) {
    return ['anonymous'];
  }
  return ['anonymous', 'creator'];
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

const printableAscii = (value: unknown) => typeof value === 'string' && /^[\x20-\x7e]*$/.test(value);

function paramsArbitrary(route: FuzzRoute): fc.Arbitrary<Record<string, unknown>> {
  const shape = (route.schema.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const fields = paramNames(route.url).map((name) => {
    const field = shape[name];
    const value = field
      ? fc.oneof(
          { weight: 2, arbitrary: validValue(field) },
          { weight: 2, arbitrary: hostileFor(field, { text: true }) },
          { weight: 1, arbitrary: hostileText },
        )
      : hostileText;
    return [name, value] as const;
  });
  return fc.record(Object.fromEntries(fields));
}

function queryArbitrary(route: FuzzRoute): fc.Arbitrary<Record<string, unknown> | null> {
  const schema = route.schema.querystring;
  const asRecord = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (!schema) {
    return fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostileRecord });
  }
  return fc
    .oneof(
      { weight: 6, arbitrary: mutatedValue(schema, { text: true }) },
      { weight: 2, arbitrary: validValue(schema) },
      { weight: 1, arbitrary: fc.constant(null) },
    )
    .map(asRecord);
}

const HAS_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<BodyCase> {
  if (!HAS_BODY.has(route.method)) return fc.constant({ kind: 'none' });
  const schema = route.schema.body;
  const raw = fc
    .tuple(fc.constantFrom(...HOSTILE_RAW_BODIES), fc.constantFrom(...HOSTILE_CONTENT_TYPES))
    .map(([text, contentType]): BodyCase => ({ kind: 'raw', contentType, text }));
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): BodyCase => ({ kind: 'json', value: v }));
  const form = (value: fc.Arbitrary<unknown>) => value.map((v): BodyCase => ({ kind: 'form', value: v }));
  const none = fc.constant<BodyCase>({ kind: 'none' });
  if (!schema) {
    return fc.oneof(none, json(hostileValue), form(hostileRecord), raw);
  }
  return fc.oneof(
    { weight: 6, arbitrary: json(mutatedValue(schema)) },
    { weight: 2, arbitrary: json(validValue(schema)) },
    { weight: 1, arbitrary: json(hostileValue) },
    { weight: 1, arbitrary: form(mutatedValue(schema, { text: true })) },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: none },
  );
}

function headersArbitrary(route: FuzzRoute): fc.Arbitrary<Record<string, unknown>> {
  const shape = (route.schema.headers as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const fields = Object.entries(shape).map(([name, field]) => {
    const value = fc.oneof(
      validValue(field).filter(printableAscii),
      fc.constantFrom(...HOSTILE_HEADER_TEXTS),
      fc.constant(ABSENT),
    );
    return [name, value] as const;
  });
  return fc.record(Object.fromEntries(fields));
}

function caseArbitrary(route: FuzzRoute, caller: Caller): fc.Arbitrary<FuzzCase> {
  return fc.record({
    params: paramsArbitrary(route),
    query: queryArbitrary(route),
    rawQuery: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, fc.constantFrom(...HOSTILE_QUERY_TEXTS)),
    body: bodyArbitrary(route),
    headers: headersArbitrary(route),
    vendor: fc.oneof(
      { weight: 8, arbitrary: fc.constant(VENDOR) },
      fc.constant(null),
      fc.constantFrom(...HOSTILE_HEADER_TEXTS),
    ),
    authorization:
      caller === 'anonymous'
        ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, fc.constantFrom(...HOSTILE_HEADER_TEXTS))
        : fc.constant(null),
  });
}

/** Numbers at the edges of int4, int8 and doubles, put in each number field in turn (the rest stays valid). */
const SWEEP: readonly unknown[] = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2_147_483_648,
  -2_147_483_649,
  1e308,
  new RawJsonNumber('9223372036854775808'),
];

/** The deterministic part: one valid call, then every sweep number in every number field of query, path and body. */
function sweepCases(route: FuzzRoute): FuzzCase[] {
  const params = Object.fromEntries(paramNames(route.url).map((name) => [name, 1]));
  const base: FuzzCase = {
    params: { ...params, ...(route.schema.params ? sampleValid(route.schema.params, SEED) : {}) },
    query: route.schema.querystring ? sampleValid(route.schema.querystring, SEED) : null,
    rawQuery: null,
    body: route.schema.body ? { kind: 'json', value: sampleValid(route.schema.body, SEED) } : { kind: 'none' },
    headers: {},
    vendor: VENDOR,
    authorization: null,
  };
  const cases: FuzzCase[] = [base];
  for (const value of SWEEP) {
    for (const field of numberFields(route.schema.params)) {
      cases.push({ ...base, params: { ...base.params, [field]: value } });
    }
    for (const field of numberFields(route.schema.querystring)) {
      cases.push({ ...base, query: { ...base.query, [field]: value } });
    }
    if (base.body.kind === 'json') {
      const body = base.body.value as Record<string, unknown>;
      for (const field of numberFields(route.schema.body)) {
        cases.push({ ...base, body: { kind: 'json', value: { ...body, [field]: value } } });
      }
    }
  }
  return cases;
}

function urlOf(route: FuzzRoute, fuzz: FuzzCase): string {
  const path = route.url.replace(/:(\w+)|\*/g, (_, name?: string) => (name ? toUrlText(fuzz.params[name] ?? '') : 'x'));
  const search = [fuzz.query && toQueryString(fuzz.query), fuzz.rawQuery].filter(Boolean).join('&');
  return search ? `${path}?${search}` : path;
}

function requestOf(route: FuzzRoute, fuzz: FuzzCase, token: string | null) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fuzz.headers)) if (value !== ABSENT) headers[name] = String(value);
  if (fuzz.vendor !== null) headers.vendor = fuzz.vendor;
  const authorization = token ? `Bearer ${token}` : fuzz.authorization;
  if (authorization !== null) headers.authorization = authorization;
  let payload: string | undefined;
  const { body } = fuzz;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = toJsonText(body.value);
  } else if (body.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const value = body.value;
    payload =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? toQueryString(value as Record<string, unknown>)
        : toUrlText(value);
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    payload = body.text;
  }
  return { method: route.method, url: urlOf(route, fuzz), headers, payload };
}

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

const HAN = /\p{Script=Han}/u;

/** What is wrong with an envelope answer, or null. */
function envelopeProblem(reply: Reply): string | null {
  if (!String(reply.headers['content-type'] ?? '').startsWith('application/json')) {
    return `not JSON (${String(reply.headers['content-type'])})`;
  }
  let answer: unknown;
  try {
    answer = JSON.parse(reply.body);
  } catch {
    return 'JSON that does not parse';
  }
  const envelope = answer as { code?: unknown; msg?: unknown; body?: unknown };
  const keys = answer !== null && typeof answer === 'object' ? Object.keys(answer).sort().join(',') : '';
  if (keys !== 'body,code,msg' || !Number.isInteger(envelope.code) || typeof envelope.msg !== 'string') {
    return 'not the envelope';
  }
  const failed = reply.statusCode >= 400;
  if (failed !== (envelope.code !== 0)) return `code ${String(envelope.code)} with HTTP ${reply.statusCode}`;
  if (failed && (!HAN.test(envelope.msg) || envelope.body !== null)) return 'a failure without a Chinese message';
  return null;
}

/** Whether an answer other than the envelope is one the route's endpoint entry declares. */
function answersByDesign(route: FuzzRoute, reply: Reply): boolean {
  const type = String(reply.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) return false;
  const { statusCode: status } = reply;
  return route.forms.some(
    (form) =>
      (form === 'file' && [200, 206, 304].includes(status)) ||
      (form === 'image' && (status === 304 || (status === 200 && type.startsWith('image/')))) ||
      (form === 'redirect' && status >= 300 && status < 400 && Boolean(reply.headers.location)) ||
      (form === 'page' && type.startsWith('text/html')) ||
      (form === 'text' && status === 200 && type.startsWith('text/plain') && /^(success|failure)$/.test(reply.body)),
  );
}

function problemOf(route: FuzzRoute, reply: Reply): string | null {
  if (reply.statusCode >= 500) return `HTTP ${reply.statusCode}`;
  if (answersByDesign(route, reply)) return null;
  return envelopeProblem(reply);
}

async function tokenOf(caller: Caller): Promise<string | null> {
  if (caller === 'operator') return OPERATOR_TOKEN;
  if (caller === 'anonymous') return null;
  const login = await loginAs(ctx, nextPhone());
  return login.json.body.access_token as string;
}

/** Runs the sweep and the random calls of one route as one caller; answers a line per distinct problem. */
async function fuzzRoute(route: FuzzRoute, caller: Caller, sweep: boolean): Promise<string[]> {
  const token = await tokenOf(caller);
  const problems = new Map<string, string>();
  const examples = sweep ? sweepCases(route).map((fuzz): [FuzzCase] => [fuzz]) : [];
  await fc.assert(
    fc.asyncProperty(caseArbitrary(route, caller), async (fuzz) => {
      const request = requestOf(route, fuzz, token);
      const reply = await ctx.app.inject(request);
      const problem = problemOf(route, reply);
      if (problem && !problems.has(problem)) {
        const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
        const sent = request.payload === undefined ? '' : ` body ${request.payload.slice(0, 200)}`;
        problems.set(problem, `${caller}: ${problem}: ${route.method} ${url}${sent} → ${reply.body.slice(0, 200)}`);
      }
    }),
    { seed: SEED, numRuns: examples.length + RUNS[caller], examples, endOnFailure: true },
  );
  return [...problems.values()];
}

describe(`contract fuzz (${testDatabaseKind})`, () => {
  it('fuzzes every registered route or names why not', () => {
    const unclassified = routes.flatMap((route) =>
      keysOf(route).flatMap(({ method, key }) => (classify(route, method, key) === 'unclassified' ? [key] : [])),
    );
    expect(
      unclassified,
      'envelope routes without a response schema, or answers this suite cannot call: add them to EXCLUDED',
    ).toEqual([]);
    const registered = new Set(routes.flatMap((route) => keysOf(route).map(({ key }) => key)));
    const urls = new Set(routes.map((route) => route.url));
    const stale = Object.keys(EXCLUDED).filter((key) =>
      key.startsWith('* ') ? !urls.has(key.slice(2)) : !registered.has(key),
    );
    expect(stale, 'excluded routes the app no longer registers').toEqual([]);
    expect(fuzzRoutes.length).toBeGreaterThan(80);
  });

  it('takes what a route may answer besides the envelope from its endpoint entry, and nothing for the others', () => {
    const byKey = new Map(fuzzRoutes.map((route) => [route.key, route]));
    const userInfo = byKey.get('GET /agent/v1/user/info')!;
    const shortLink = byKey.get('GET /s/:code')!;
    expect(userInfo.forms).toEqual([]);
    expect(shortLink.forms).toEqual(['redirect', 'page']);
    expect(byKey.get('GET /agent/v1/team/poster')?.forms).toEqual(['image']);
    const redirect = { statusCode: 302, headers: { location: '/task' }, body: '' } as unknown as Reply;
    expect(problemOf(shortLink, redirect)).toBeNull();
    expect(problemOf(userInfo, redirect)).toBe('not JSON (undefined)');
  });

  for (const route of fuzzRoutes) {
    it(`${route.key}: no 5xx, the envelope`, async () => {
      const callers = callersOf(route.url);
      const problems: string[] = [];
      for (const caller of callers) {
        // The boundary sweep runs as the caller who gets furthest: the operator on /ops, the creator elsewhere.
        problems.push(...(await fuzzRoute(route, caller, caller === callers.at(-1))));
      }
      expect(problems).toEqual([]);
    });
  }
});
