import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { VisitRecorder, type Visit } from './visit-recorder.js';

const log = Fastify({ logger: false }).log;
const visit = (n: number): Visit => ({
  receipt_id: 1,
  visitor_hash: `v${n}`,
  ip_hash: 'ip',
  referrer: '',
  created_at: n,
});

describe('VisitRecorder', () => {
  it('writes waiting visits in one batch, in arrival order, and nothing twice', async () => {
    const batches: Visit[][] = [];
    const recorder = new VisitRecorder(async (batch) => void batches.push(batch), log);
    for (let n = 0; n < 5; n++) recorder.record(visit(n));
    await Promise.all([recorder.flush(), recorder.flush()]);
    expect(batches.map((b) => b.map((v) => v.created_at))).toEqual([[0, 1, 2, 3, 4]]);
    await recorder.flush();
    expect(batches).toHaveLength(1);
  });

  it('keeps a batch the database refused and writes it, before newer visits, at the next flush', async () => {
    const written: number[] = [];
    let failing = true;
    const recorder = new VisitRecorder(async (batch) => {
      if (failing) throw new Error('database is locked');
      written.push(...batch.map((v) => v.created_at));
    }, log);
    recorder.record(visit(1));
    recorder.record(visit(2));
    await recorder.flush();
    expect(recorder.waiting).toBe(2);
    recorder.record(visit(3));
    failing = false;
    await recorder.flush();
    expect(written).toEqual([1, 2, 3]);
    expect(recorder.waiting).toBe(0);
  });

  it('writes as soon as a full batch waits, and everything on close', async () => {
    const sizes: number[] = [];
    const recorder = new VisitRecorder(async (batch) => void sizes.push(batch.length), log, {
      flushMs: 60_000,
      maxBatch: 3,
      maxPending: 100,
    });
    recorder.start();
    for (let n = 0; n < 4; n++) recorder.record(visit(n));
    await recorder.close();
    expect(sizes).toEqual([3, 1]);
  });

  it('drops the oldest visits only past its limit while the database keeps refusing', async () => {
    const recorder = new VisitRecorder(
      async () => {
        throw new Error('down');
      },
      log,
      { flushMs: 60_000, maxBatch: 1000, maxPending: 3 },
    );
    for (let n = 0; n < 5; n++) recorder.record(visit(n));
    await recorder.flush();
    expect(recorder.waiting).toBe(3);
  });
});
