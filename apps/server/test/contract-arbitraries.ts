/**
 * fast-check arbitraries derived from the zod contracts a route declares: values the contract accepts (so a call
 * reaches past validation into the service) and the same values with fields swapped for hostile ones, dropped or
 * joined by fields nobody declared. Used by the contract fuzz suite.
 */
import fc from 'fast-check';
import {
  HOSTILE_KEYS,
  hostileNumber,
  hostileString,
  hostileText,
  hostileValue,
  RawJsonNumber,
  RawText,
} from './hostile-values.js';

/** A field left out of an object (an optional field not sent, or a required one dropped). */
export const ABSENT: unique symbol = Symbol('absent');

interface SchemaDef {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

/** The definition zod 4 keeps on every schema (`schema._zod.def`): the suite reads contracts, it never parses. */
function defOf(schema: unknown): SchemaDef {
  return (schema as { _zod: { def: SchemaDef } })._zod.def;
}

function checksOf(def: SchemaDef): CheckDef[] {
  const checks = (def.checks ?? []) as { _zod: { def: CheckDef } }[];
  return checks.map((check) => check._zod.def);
}

function shapeOf(def: SchemaDef): Record<string, unknown> {
  return (def.shape ?? {}) as Record<string, unknown>;
}

/** The schema under wrappers that do not change what is sent (optional, default, nullable, catch, readonly, lazy). */
export function baseOf(schema: unknown): SchemaDef {
  let def = defOf(schema);
  for (let depth = 0; depth < 20; depth += 1) {
    if ('innerType' in def) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else if (def.type === 'lazy') def = defOf((def.getter as () => unknown)());
    else break;
  }
  return def;
}

interface NumberBounds {
  min?: number;
  max?: number;
  integer: boolean;
}

function numberBounds(def: SchemaDef): NumberBounds {
  const bounds: NumberBounds = { integer: false };
  for (const check of checksOf(def)) {
    const value = check.value as number;
    const step = check.inclusive ? 0 : 1;
    if (check.check === 'greater_than') bounds.min = value + step;
    if (check.check === 'less_than') bounds.max = value - step;
    if (check.check === 'number_format' && String(check.format).includes('int')) bounds.integer = true;
  }
  return bounds;
}

function lengthBounds(def: SchemaDef): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  return { min, max };
}

function validNumber(def: SchemaDef): fc.Arbitrary<number> {
  const { min, max, integer } = numberBounds(def);
  // Small values near the lower bound: ids and pages of the seeded demo data live there.
  const low = min ?? (max !== undefined ? Math.min(max, 0) - 3 : -3);
  const high = Math.min(max ?? low + 40, low + 40);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function validString(def: SchemaDef): fc.Arbitrary<string> {
  const patterns = [
    ...(def.pattern instanceof RegExp ? [def.pattern] : []),
    ...checksOf(def).flatMap((check) => (check.pattern instanceof RegExp ? [check.pattern] : [])),
  ];
  const { min, max } = lengthBounds(def);
  const pattern = patterns[0];
  if (pattern) {
    try {
      return fc.stringMatching(pattern);
    } catch {
      // A pattern fast-check cannot generate from (look-arounds): plain text of the right length instead.
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max ?? min + 12, min + 24)) });
}

function orAbsent<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | typeof ABSENT> {
  return fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constant(ABSENT) });
}

/** Values the schema accepts (as far as its declaration tells), on the input side of every transform. */
export function validValue(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(ABSENT);
  const inner = (key: string) => validValue(def[key], depth + 1);
  switch (def.type) {
    case 'string':
      return validString(def);
    case 'number':
      return validNumber(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 100n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(ABSENT);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'object':
      return validObject(def, depth);
    case 'array': {
      const { min, max } = lengthBounds(def);
      return fc.array(inner('element'), { minLength: min, maxLength: Math.max(min, Math.min(max ?? 3, min + 3)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => validValue(item, depth + 1)));
    case 'record':
      return fc
        .array(fc.tuple(inner('keyType'), inner('valueType')), { maxLength: 3 })
        .map((entries) => Object.fromEntries(entries.map(([key, value]) => [String(key), value])));
    case 'optional':
    case 'default':
    case 'prefault':
      return orAbsent(inner('innerType'));
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: inner('innerType') }, { weight: 1, arbitrary: fc.constant(null) });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return validValue((def.getter as () => unknown)(), depth + 1);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => validValue(option, depth + 1)));
    case 'intersection':
      return inner('left');
    default:
      // any, unknown, transform, custom, file, …: the contract does not say, so any JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(def: SchemaDef, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(shapeOf(def)).map(([key, field]) => [key, validValue(field, depth + 1)] as const);
  return fc.record(Object.fromEntries(fields)).map(withoutAbsent);
}

function withoutAbsent(record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // defineProperty, not assignment: `__proto__` stays an own key and reaches the wire.
    if (value !== ABSENT) Object.defineProperty(result, key, { value, enumerable: true, writable: true });
  }
  return result;
}

export interface HostileOptions {
  /** Values travel as text (query and path): add raw, undecodable texts to what may replace a field. */
  text?: boolean;
}

/** Hostile values aimed at what the schema expects: boundary numbers for a number, odd texts for a text, and so on. */
export function hostileFor(schema: unknown, options: HostileOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = baseOf(schema);
  const asText = options.text ? [{ weight: 2, arbitrary: hostileText as fc.Arbitrary<unknown> }] : [];
  switch (def.type) {
    case 'number':
    case 'bigint':
      return fc.oneof({ weight: 4, arbitrary: hostileNumber }, ...asText);
    case 'string':
    case 'enum':
    case 'literal':
      return fc.oneof({ weight: 4, arbitrary: hostileString }, ...asText);
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false', '1', 'yes', 0, 1, ''), hostileValue, ...asText);
    case 'object':
      return depth > 3 ? hostileValue : fc.oneof(mutatedValue(schema, options, depth + 1), hostileValue);
    case 'array': {
      const element = def.element;
      return fc.oneof(
        fc.array(hostileFor(element, options, depth + 1), { minLength: 1, maxLength: 4 }),
        validValue(element).map((item) => Array.from({ length: 5_000 }, () => item)),
        hostileValue,
      );
    }
    default:
      return fc.oneof(hostileValue, ...asText);
  }
}

interface Mutation {
  key: string;
  value: unknown;
}

/**
 * A value the schema accepts with one to three fields replaced by hostile values, dropped, or joined by a field the
 * contract does not declare (prototype keys among them). Not an object: a hostile value of its kind.
 */
export function mutatedValue(schema: unknown, options: HostileOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = baseOf(schema);
  if (def.type !== 'object') return hostileFor(schema, options, depth);
  const shape = shapeOf(def);
  const keys = Object.keys(shape);
  const extra: fc.Arbitrary<Mutation> = fc
    .tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue)
    .map(([key, value]) => ({ key, value }));
  const replace: fc.Arbitrary<Mutation>[] = keys.length
    ? [
        fc
          .constantFrom(...keys)
          .chain((key) =>
            fc
              .oneof({ weight: 4, arbitrary: hostileFor(shape[key], options, depth) }, fc.constant(ABSENT))
              .map((value) => ({ key, value })),
          ),
      ]
    : [];
  const mutation = fc.oneof({ weight: 1, arbitrary: extra }, ...replace.map((arbitrary) => ({ weight: 5, arbitrary })));
  return fc
    .tuple(validValue(schema, depth), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([base, mutations]) => applyMutations(base as Record<string, unknown>, mutations));
}

function applyMutations(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const { key, value } of mutations) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return withoutAbsent(result);
}

/** One concrete value the schema accepts, the same for a seed: the base the boundary sweep varies one field of. */
export function sampleValid(schema: unknown, seed: number): Record<string, unknown> {
  const [value] = fc.sample(validValue(schema), { seed, numRuns: 1 });
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The fields of an object schema that take a number (the sweep puts every boundary number in each). */
export function numberFields(schema: unknown): string[] {
  if (schema === undefined) return [];
  const def = baseOf(schema);
  if (def.type !== 'object') return [];
  return Object.entries(shapeOf(def))
    .filter(([, field]) => ['number', 'bigint'].includes(baseOf(field).type))
    .map(([key]) => key);
}

/** JSON text of a value, writing hostile number tokens as they are and leaving absent fields out. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJsonNumber) return value.text;
  if (value instanceof RawText) return JSON.stringify(value.text);
  if (value === ABSENT || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== ABSENT);
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${toJsonText(field)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encoding as a browser does it: a lone surrogate, which UTF-8 cannot carry, goes as U+FFFD. */
function encodeText(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}

/** A value as one query or path text: raw texts stay raw, everything else is percent-encoded. */
export function toUrlText(value: unknown): string {
  if (value instanceof RawText) return value.text;
  if (value instanceof RawJsonNumber) return encodeText(value.text);
  if (value !== null && typeof value === 'object') return encodeText(toJsonText(value));
  return encodeText(String(value));
}

/** A query string: arrays repeat their key, objects become `key[field]=…`, null is a bare key. */
export function toQueryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const name = encodeText(key);
    if (value === ABSENT) continue;
    if (value === null) parts.push(name);
    else if (Array.isArray(value)) parts.push(...value.map((item) => `${name}=${toUrlText(item)}`));
    else if (typeof value === 'object' && !(value instanceof RawText) && !(value instanceof RawJsonNumber)) {
      parts.push(...Object.entries(value).map(([field, item]) => `${name}[${encodeText(field)}]=${toUrlText(item)}`));
    } else parts.push(`${name}=${toUrlText(value)}`);
  }
  return parts.join('&');
}
