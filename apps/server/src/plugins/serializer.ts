/**
 * Response serialization that does not re-validate what the server itself built. The zod type provider's
 * serializer parses every answer against its schema before `JSON.stringify`, which on a hot route costs more than
 * the handler; here each response schema is compiled once into a projection that keeps only the fields the schema
 * names (the safety the schema gave: a field a route did not mean to publish never leaves) and copies values as
 * they are. The types of those values are the compiler's business (`ok<T>` is typed by the same contracts).
 * Where the schema changes values (defaults, transforms, pipes, catch) or must choose (unions, intersections), that
 * part is still parsed by zod.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';

type Projection = (value: unknown) => unknown;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
}

const identity: Projection = (value) => value;

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** What zod's own parse would answer for this part: the fallback where copying is not enough. */
const parsers = new WeakSet<Projection>();
function parsed(schema: z.ZodType): Projection {
  const parse: Projection = (value) => schema.parse(value);
  parsers.add(parse);
  return parse;
}

/**
 * An object's projection as one function with a line per field (compiled once per schema, keys JSON-quoted): the
 * same steps as a loop over the fields — a missing field stays missing unless zod may fill it in, a field projected
 * to undefined is left out — without the loop's per-field iteration and destructuring on every answer.
 */
function compileObject(
  fields: ReadonlyArray<readonly [key: string, project: Projection, always: boolean]>,
): Projection {
  const lines = fields.map(([key, project, always], i) => {
    const name = JSON.stringify(key);
    if (project === identity && !always) return `item = value[${name}]; if (item !== undefined) out[${name}] = item;`;
    const guard = always ? '' : 'if (item !== undefined) ';
    return `item = value[${name}]; ${guard}{ result = projects[${i}](item); if (result !== undefined) out[${name}] = result; }`;
  });
  const body = `return function project(value) {
    if (value === null || typeof value !== 'object') return value;
    const out = {};
    let item, result;
    ${lines.join('\n    ')}
    return out;
  };`;
  return new Function('projects', body)(fields.map(([, project]) => project)) as Projection;
}

export function projectionOf(schema: z.ZodType): Projection {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'int':
    case 'boolean':
    case 'bigint':
    case 'null':
    case 'undefined':
    case 'literal':
    case 'enum':
    case 'date':
    case 'any':
    case 'unknown':
    case 'template_literal':
    case 'nan':
      return identity;
    case 'optional':
    case 'nullable':
    case 'readonly': {
      const inner = projectionOf(def.innerType!);
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    case 'array': {
      const element = projectionOf(def.element!);
      if (element === identity) return identity;
      return (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case 'record': {
      const inner = projectionOf(def.valueType!);
      if (inner === identity) return identity;
      return (value) => {
        if (value === null || typeof value !== 'object') return value;
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) out[key] = inner(item);
        return out;
      };
    }
    case 'object': {
      const catchall = def.catchall && defOf(def.catchall).type !== 'never';
      if (catchall) return parsed(schema);
      // A field zod parses may fill itself in (a default): it is asked even when the value is missing.
      const fields = Object.entries(def.shape!).map(([key, field]) => {
        const project = projectionOf(field);
        return [key, project, parsers.has(project)] as const;
      });
      return compileObject(fields);
    }
    default:
      // default, prefault, catch, transform, pipe, union, intersection, lazy, tuple, custom…: zod decides.
      return parsed(schema);
  }
}

/** Fastify's serializer compiler for zod response schemas (set with `app.setSerializerCompiler`). */
export const projectingSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({
  schema,
}) => {
  const project = projectionOf('_zod' in schema ? schema : schema.properties);
  return (data) => JSON.stringify(project(data));
};
