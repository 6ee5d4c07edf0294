/**
 * What a caller of an endpoint sends (`EndpointQueryInput`): checked by the type checker (`tsc -p packages/contracts`
 * compiles this file), and run so that the suite lists it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, type EndpointQueryInput } from './endpoint.js';

const id = z.coerce.number().int().positive();
const entry = endpoint({
  method: 'GET',
  path: '/agent/v1/example',
  guard: 'creator',
  tag: '示例',
  summary: '示例',
  query: z.object({ task_id: id, serial_id: id.optional(), keyword: z.string().optional() }),
});
type Sent = EndpointQueryInput<typeof entry>;

describe('an endpoint input', () => {
  it('types a coerced field as the value it becomes: required when it is, optional when it may be absent', () => {
    const minimal: Sent = { task_id: 7 };
    const full: Sent = { task_id: 7, serial_id: 3, keyword: '剧' };
    // @ts-expect-error a required coerced field may not be left out
    const missing: Sent = { serial_id: 3 };
    // @ts-expect-error a coerced field takes the number it becomes, not any value
    const wrong: Sent = { task_id: 7, serial_id: 'three' };
    expect([minimal, full, missing, wrong].map((query) => entry.query.safeParse(query).success)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
