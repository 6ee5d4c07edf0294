import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from './database.js';
import { FifoMutex } from './sqlite-driver.js';

interface Tables {
  counters: { id: number; value: number };
}

describe('SQLite reads beside the writer', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let destroy: () => Promise<void>;
  const queries: string[] = [];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-driver-'));
    const handle = openDatabase(
      { kind: 'sqlite', file: path.join(dir, 'test.sqlite') },
      { onQuery: (query) => queries.push(query.sql) },
    );
    db = handle.db as unknown as Kysely<Tables>;
    destroy = handle.destroy;
    await sql`create table counters (id integer primary key, value integer not null)`.execute(db);
    await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
  });

  afterEach(async () => {
    await destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const read = async () =>
    (await db.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value;

  it('answers a read while a transaction is open, with the last committed state, and the new one after commit', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 5 }).where('id', '=', 1).execute();
      // The transaction reads its own write (on the writer) …
      expect((await trx.selectFrom('counters').select('value').executeTakeFirstOrThrow()).value).toBe(5);
      inside();
      await paused;
    });
    await entered;
    // … while a read outside it does not wait for it and does not see it.
    expect(await read()).toBe(0);
    release();
    await transaction;
    expect(await read()).toBe(5);
  });

  it('never shows a rolled-back write', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counters').set({ value: 9 }).where('id', '=', 1).execute();
        expect(await read()).toBe(0);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await read()).toBe(0);
  });

  it('keeps writes outside a transaction out of an open one, and runs them in arrival order after it', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('counters').set({ value: 1 }).where('id', '=', 1).execute();
      await paused;
      order.push('commit');
    });
    const writes = [2, 3, 4].map(async (value) => {
      await db.updateTable('counters').set({ value }).where('id', '=', 1).execute();
      order.push(`write ${value}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    release();
    await Promise.all([transaction, ...writes]);
    expect(order).toEqual(['commit', 'write 2', 'write 3', 'write 4']);
    expect(await read()).toBe(4);
  });

  it('serialises concurrent read-modify-write transactions (no lost update)', async () => {
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction().execute(async (trx) => {
          const { value } = await trx.selectFrom('counters').select('value').executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .updateTable('counters')
            .set({ value: value + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    expect(await read()).toBe(50);
  });

  it('holds the write lock from begin: a read-then-write transaction survives another process writing meanwhile', async () => {
    // Another process's connection to the same file (npm run worker), refusing at once rather than waiting.
    const other = new SQLite(path.join(dir, 'test.sqlite'));
    other.pragma('busy_timeout = 0');
    let otherWrite: unknown = null;
    await db.transaction().execute(async (trx) => {
      const { value } = await trx.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
      try {
        other.prepare('update counters set value = value + 100 where id = 1').run();
      } catch (error) {
        otherWrite = error;
      }
      // A deferred transaction would fail here with SQLITE_BUSY_SNAPSHOT had the other write gone through.
      await trx
        .updateTable('counters')
        .set({ value: value + 1 })
        .where('id', '=', 1)
        .execute();
    });
    expect(otherWrite).toMatchObject({ code: 'SQLITE_BUSY' });
    other.prepare('update counters set value = value + 100 where id = 1').run();
    other.close();
    expect(await read()).toBe(101);
  });

  it('answers rows exactly as better-sqlite3 builds them: every column, types kept, a repeated name keeps the last', async () => {
    await sql`create table notes (id integer primary key, counter_id integer, body text, weight real, data blob)`.execute(
      db,
    );
    await sql`insert into notes values (1, 1, '文字 % _', 2.5, x'00ff'), (2, null, null, null, null)`.execute(db);
    const query = sql<Record<string, unknown>>`select c.id, c.value, n.id, n.body, n.weight, n.data, n.counter_id as "c"
      from notes n left join counters c on c.id = n.counter_id order by n.id`;
    const ours = (await query.execute(db)).rows;
    const reference = new SQLite(path.join(dir, 'test.sqlite'), { readonly: true });
    const theirs = reference.prepare(query.compile(db).sql).all();
    reference.close();
    expect(ours).toEqual(theirs);
    expect(ours[0]).toEqual({ id: 1, value: 0, body: '文字 % _', weight: 2.5, data: Buffer.from([0, 255]), c: 1 });
    expect(Object.keys(ours[1]!)).toEqual(['id', 'value', 'body', 'weight', 'data', 'c']);
  });

  it('streams on the writer and still hears every query', async () => {
    await db.insertInto('counters').values({ id: 2, value: 7 }).execute();
    const rows: number[] = [];
    for await (const row of db.selectFrom('counters').select('value').orderBy('id').stream()) rows.push(row.value);
    expect(rows).toEqual([0, 7]);
    expect(queries.some((q) => q.startsWith('select "value" from "counters"'))).toBe(true);
  });
});

describe('FifoMutex', () => {
  it('hands the lock over in arrival order', async () => {
    const mutex = new FifoMutex();
    const order: number[] = [];
    await mutex.lock();
    const waiters = [1, 2, 3].map(async (n) => {
      await mutex.lock();
      order.push(n);
      mutex.unlock();
    });
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    // Free again: taken at once.
    expect(mutex.lock()).toBeUndefined();
  });
});
