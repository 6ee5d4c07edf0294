/**
 * Refuses input text with a NUL character (U+0000) on every route, before its schema runs. No field of ours means
 * one, and PostgreSQL cannot store one in a text column: a `%00` in a folder name or a `\u0000` in a JSON field
 * failed there as a 500 (found by the contract fuzz suite). Refused here, the answer is the same 400 on both
 * databases, and a new route is covered without a line of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import { fieldLabel } from './field-label.js';

type Part = 'params' | 'querystring' | 'body';

/** Where the first NUL is in a parsed value (its keys included), as a path of keys; null when there is none. */
export function findNul(value: unknown): PropertyKey[] | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return path;
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Only what a parser made: a plain object, a null-prototype one (the query string's) or one made from such a
 * base (the router's params). A Buffer or a stream (tus, files) is not text.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

const PARTS: readonly (readonly [Part, (request: FastifyRequest) => unknown])[] = [
  ['params', (request) => request.params],
  ['querystring', (request) => request.query],
  ['body', (request) => request.body],
];

export function registerInputText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, read] of PARTS) {
      const path = findNul(read(request));
      if (path === null) continue;
      const label = fieldLabel(request.routeOptions.schema?.[part], path);
      return done(appError('textNulCharacter', label ? `${label}包含无效字符，请删除后重试` : undefined));
    }
    done();
  });
}
