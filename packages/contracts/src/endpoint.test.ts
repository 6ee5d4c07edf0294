import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { endpoint, type EndpointBodyInput } from './endpoint.js';

const entry = endpoint({
  method: 'POST',
  path: '/x',
  guard: 'anonymous',
  tag: 't',
  summary: 's',
  body: z.object({
    name: z.string(),
    count: z.coerce.number().int(),
    source: z.coerce.number().int().optional(),
  }),
  response: z.null(),
});

describe("an endpoint's input as a caller sends it (checked by tsc)", () => {
  it('takes a coerced field as the type it becomes: required when that is, optional when it may be undefined', () => {
    type Body = EndpointBodyInput<typeof entry>;
    const without: Body = { name: 'a', count: 1 };
    const withSource: Body = { name: 'a', count: 1, source: 2 };
    expectTypeOf<Body['count']>().toEqualTypeOf<number>();
    expectTypeOf<Body['source']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error a required coerced field cannot be left out
    const missing: Body = { name: 'a' };
    // @ts-expect-error nor sent as text
    const text: Body = { name: 'a', count: '1' };
    expect(entry.body.parse(without)).toEqual(without);
    expect(entry.body.parse(withSource)).toEqual(withSource);
    expect([missing, text]).toHaveLength(2);
  });
});
