/**
 * Form fields judged by the contracts' own zod schemas: each field's first issue becomes its Chinese error, shown on
 * blur and then following the typing, so the page and the server always agree on what is valid.
 */
import { useState } from 'react';
import type { z } from 'zod';

type Shape = Record<string, z.ZodType>;

function problemOf(schema: z.ZodType, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function useFieldRules<Field extends string>(
  shape: Shape,
  fields: readonly Field[],
  initial: Partial<Record<Field, string>> = {},
) {
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});

  const problem = (field: Field, value: string) => (shape[field] ? problemOf(shape[field], value) : null);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: problem(field, value) }));
  }

  function check(field: Field) {
    setErrors((current) => ({ ...current, [field]: problem(field, values[field]) }));
  }

  /** Shows every field's error; true when all are valid. */
  function validate(): boolean {
    const next = Object.fromEntries(fields.map((field) => [field, problem(field, values[field])])) as Record<
      Field,
      string | null
    >;
    setErrors(next);
    return fields.every((field) => next[field] === null);
  }

  return { values, errors, change, check, validate };
}
