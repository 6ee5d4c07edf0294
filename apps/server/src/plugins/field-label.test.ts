import * as contracts from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, fieldMessage } from './field-label.js';

/** Every request shape the contracts export: the schemas routes validate bodies, queries and params with. */
const REQUEST_SCHEMA_NAME = /(Request|Query|Params)Schema$|^applySubmitSchema$|^reviewRejectSchema$/;
const requestSchemas: Array<[string, z.ZodObject]> = [];
for (const [name, value] of Object.entries(contracts) as Array<[string, unknown]>) {
  if (REQUEST_SCHEMA_NAME.test(name) && value instanceof z.ZodObject) requestSchemas.push([name, value]);
}

/** Values no field accepts: wrong types, and strings far too long for any field. */
const BAD_VALUES: unknown[] = [{ nested: true }, 'x'.repeat(5000), '-1.5', '@@'];

describe('field labels come from the route schema', () => {
  it('finds labels through optional, default, pipe and union layers', () => {
    const schema = z.object({
      code: z.string().max(8).meta({ label: '推广码' }),
      invite: z.string().meta({ label: '邀请码' }).optional().or(z.literal('')),
      page: z.coerce.number().meta({ label: '页码' }).default(1),
    });
    expect(fieldLabel(schema, ['code'])).toBe('推广码');
    expect(fieldLabel(schema, ['invite'])).toBe('邀请码');
    expect(fieldLabel(schema, ['page'])).toBe('页码');
    expect(fieldLabel(schema, ['other'])).toBeUndefined();
    // Names of Object.prototype's members are no fields either (a request may send them; they threw before).
    for (const name of ['constructor', 'hasOwnProperty', 'toString', '__proto__']) {
      expect(fieldLabel(schema, [name])).toBeUndefined();
    }
    expect(fieldMessage(schema, ['code'], 'Too big: expected string to have <=8 characters')).toBe('推广码格式不正确');
    expect(fieldMessage(schema, ['code'], '推广码不能为空')).toBe('推广码不能为空');
  });

  it.each(requestSchemas)('every field of %s fails in Chinese that names it', (_name, schema) => {
    expect(requestSchemas.length).toBeGreaterThan(10);
    for (const field of Object.keys(schema.shape)) {
      for (const value of BAD_VALUES) {
        const result = schema.safeParse({ [field]: value });
        const issue = result.error?.issues.find((i) => i.path[0] === field);
        if (!issue) continue;
        const message = fieldMessage(schema, issue.path, issue.message);
        expect(message ?? issue.message, `${field}=${JSON.stringify(value).slice(0, 20)}`).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});
