import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from './database.js';
import { precompile, precompileByShape } from './precompiled.js';

interface Tables {
  items: { id: number; kind: number; price: number; name: string };
}

describe('queries compiled once', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let destroy: () => Promise<void>;
  const compiled: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-precompiled-'));
    const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.sqlite') });
    db = handle.db as unknown as Kysely<Tables>;
    destroy = handle.destroy;
    await sql`create table items (id integer primary key, kind integer not null, price integer not null, name text not null)`.execute(
      db,
    );
    await db
      .insertInto('items')
      .values([
        { id: 1, kind: 1, price: 100, name: '甲' },
        { id: 2, kind: 1, price: 250, name: '乙 %' },
        { id: 3, kind: 2, price: 300, name: '丙' },
        { id: 4, kind: 2, price: 50, name: '丁' },
      ])
      .execute();
  });

  afterAll(async () => {
    await destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  type Filter = { kind?: number | undefined; minPrice?: number | undefined; limit?: number | undefined };
  const byShape = () => {
    compiled.length = 0;
    return precompileByShape(db, (args: Filter) => {
      compiled.push(Object.keys(args).sort().join(','));
      return db
        .selectFrom('items')
        .select(['id', 'name'])
        .where((eb) => {
          const conditions = [];
          if (args.kind !== undefined) conditions.push(eb('kind', '=', args.kind));
          if (args.minPrice !== undefined) conditions.push(eb('price', '>=', args.minPrice));
          return eb.and(conditions);
        })
        .orderBy('id')
        .$if(args.limit !== undefined, (qb) => qb.limit(args.limit!));
    });
  };

  it('compiles once per combination of given arguments and answers each call with its own values', async () => {
    const query = byShape();
    const ids = async (args: Filter) => (await query.rows(args)).map((row) => row.id);
    expect(await ids({})).toEqual([1, 2, 3, 4]);
    expect(await ids({ kind: 1 })).toEqual([1, 2]);
    expect(await ids({ kind: 2 })).toEqual([3, 4]);
    expect(await ids({ minPrice: 200, kind: undefined })).toEqual([2, 3]);
    expect(await ids({ minPrice: 100, kind: 2 })).toEqual([3]);
    expect(await ids({ kind: 1, minPrice: 0, limit: 1 })).toEqual([1]);
    expect(await ids({ limit: 3, minPrice: 0 })).toEqual([1, 2, 3]);
    // An argument given as undefined is an argument not given.
    expect(compiled).toEqual(['', 'kind', 'minPrice', 'kind,minPrice', 'kind,limit,minPrice', 'limit,minPrice']);
    expect(query.sqlOf({ kind: 5 })).toBe(query.sqlOf({ kind: 1 }));
    expect(query.sqlOf({ kind: 5 })).not.toContain('5');
  });

  it('answers the same rows as the builder run each time', async () => {
    const query = byShape();
    const cases: Filter[] = [{}, { kind: 2 }, { minPrice: 250 }, { kind: 1, minPrice: 300 }, { limit: 2 }];
    for (const args of cases) {
      let direct = db.selectFrom('items').select(['id', 'name']);
      if (args.kind !== undefined) direct = direct.where('kind', '=', args.kind);
      if (args.minPrice !== undefined) direct = direct.where('price', '>=', args.minPrice);
      const rows = await direct
        .orderBy('id')
        .$if(args.limit !== undefined, (qb) => qb.limit(args.limit!))
        .execute();
      expect(await query.rows(args), JSON.stringify(args)).toEqual(rows);
      expect(await query.first(args)).toEqual(rows[0]);
    }
  });

  it('keeps constants the builder wrote, and takes text with % and quotes as a value', async () => {
    const query = precompile(db, (args: { name: string }) =>
      db.selectFrom('items').select('id').where('name', '=', args.name).where('price', '>', 0),
    );
    expect(await query.rows({ name: '乙 %' })).toEqual([{ id: 2 }]);
    expect(await query.rows({ name: "丙' or 1=1 --" })).toEqual([]);
    expect(query.sql).toContain('?');
  });
});
