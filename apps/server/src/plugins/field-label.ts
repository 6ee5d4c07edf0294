/**
 * The Chinese name of a request field comes from the schema of the route that failed (`.meta({ label })` on the
 * field, or on any wrapper of it), never from one map shared by all routes: `code` is an SMS code on the login
 * call and a promotion code on `/s/{code}`.
 */
import { z } from 'zod';

type Schema = z.core.$ZodType;

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function defOf(schema: Schema): Def {
  return schema._zod.def as unknown as Def;
}

function ownLabel(schema: Schema): string | undefined {
  const label = z.globalRegistry.get(schema)?.label;
  return typeof label === 'string' ? label : undefined;
}

/** The schema and its wrappers (optional, default, pipe input…), outermost first. */
function layers(schema: Schema): Schema[] {
  const found: Schema[] = [];
  for (let current: Schema | undefined = schema; current;) {
    found.push(current);
    const def = defOf(current);
    current = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
  }
  return found;
}

function childOf(schema: Schema, key: PropertyKey): Schema | undefined {
  for (const layer of layers(schema)) {
    const def = defOf(layer);
    // Own fields only: a request's `constructor` or `hasOwnProperty` is not a field of the shape's prototype.
    if (def.type === 'object') return def.shape && Object.hasOwn(def.shape, key) ? def.shape[String(key)] : undefined;
    if (def.type === 'array') return def.element;
    if (def.type === 'union') {
      for (const option of def.options ?? []) {
        const child = childOf(option, key);
        if (child) return child;
      }
    }
  }
  return undefined;
}

/** The label of the field at `path` of a request schema: the outermost labelled layer of that field wins. */
export function fieldLabel(schema: unknown, path: readonly PropertyKey[]): string | undefined {
  if (!(schema instanceof z.ZodType) || path.length === 0) return undefined;
  let current: Schema | undefined = schema;
  for (const key of path) current = current && childOf(current, key);
  return current && labelOf(current);
}

function labelOf(schema: Schema): string | undefined {
  for (const layer of layers(schema)) {
    const label = ownLabel(layer) ?? defOf(layer).options?.map(labelOf).find(Boolean);
    if (label) return label;
  }
  return undefined;
}

const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * What to tell the user about one failed field: the schema's own Chinese message (our contracts name the field),
 * else "<label>格式不正确"; undefined when the schema gives neither.
 */
export function fieldMessage(schema: unknown, path: readonly PropertyKey[], message: string): string | undefined {
  if (CHINESE.test(message)) return message;
  const label = fieldLabel(schema, path);
  return label ? `${label}格式不正确` : undefined;
}
