import { envelopeSchema, userInfoSchema } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectingSerializerCompiler, projectionOf } from './serializer.js';

describe('projecting serializer', () => {
  it('keeps only the fields the schema names, at every depth, and copies values as they are', () => {
    const schema = z.object({
      id: z.number(),
      name: z.string().nullable(),
      tags: z.array(z.object({ label: z.string() })),
      extra: z.record(z.string(), z.object({ n: z.number() })),
      nested: z.object({ ok: z.boolean() }).optional(),
    });
    const project = projectionOf(schema);
    expect(
      project({
        id: 1,
        name: null,
        secret: 'no',
        tags: [{ label: 'a', hidden: 1 }],
        extra: { k: { n: 2, hidden: true } },
        nested: { ok: true, token: 'x' },
      }),
    ).toEqual({ id: 1, name: null, tags: [{ label: 'a' }], extra: { k: { n: 2 } }, nested: { ok: true } });
    expect(project({ id: 2, name: 'x', tags: [], extra: {} })).toEqual({ id: 2, name: 'x', tags: [], extra: {} });
  });

  it('compiles any field name safely and keeps the schema order', () => {
    const schema = z.object({ 'a"b': z.number(), 'line\nbreak': z.string(), 中文: z.boolean(), "c'd": z.null() });
    const value = { 中文: true, "c'd": null, 'line\nbreak': 'x', 'a"b': 1, other: 2 };
    const projected = projectionOf(schema)(value) as Record<string, unknown>;
    expect(projected).toEqual({ 'a"b': 1, 'line\nbreak': 'x', 中文: true, "c'd": null });
    expect(Object.keys(projected)).toEqual(['a"b', 'line\nbreak', '中文', "c'd"]);
    expect(projectionOf(schema)({ 'a"b': 1 })).toEqual({ 'a"b': 1 });
    expect(projectionOf(schema)(null)).toBeNull();
  });

  it('answers what zod answers wherever the schema changes or chooses values', () => {
    const schema = z.object({
      withDefault: z.string().default('默认'),
      changed: z.number().transform((n) => n * 2),
      either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
      loose: z.looseObject({ kept: z.number() }),
    });
    const value = { changed: 2, either: { b: 'x', c: 'dropped' }, loose: { kept: 1, other: 2 } };
    expect(projectionOf(schema)(value)).toEqual(schema.parse(value));
  });

  it('serializes an envelope of the real contracts like zod did, minus re-validation', () => {
    const schema = envelopeSchema(userInfoSchema);
    const body = {
      agent_id: 7,
      phone: '13900000001',
      real_name: '',
      id_card_number: '',
      alipay_id: '',
      agent_mode: 1,
      sign_status: 0,
      sign_phone: '',
      bank_card_number: '',
      bank_name: '',
      nickname: '创作者0001',
      signed_at: null,
      invite_code: 'ABCDEFGH',
      share_rate: 0,
      leader_id: null,
      team_at: null,
      team_share_rate: 0,
      commander_code: '',
      avatar_url: '',
      creditInfo: { total: 0, buy: 0, gift: 0 },
      open_reelshort: false,
    };
    const envelope = { code: 0, msg: 'ok', body: { ...body, id_card_enc: 'secret', password_hash: 'x' } };
    const serialize = projectingSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(JSON.parse(serialize(envelope))).toEqual(schema.parse(envelope));
  });
});
