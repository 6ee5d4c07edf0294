import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('lets the limit in at once and the rest in arrival order as places are given back', async () => {
    const semaphore = new Semaphore(() => 2);
    const order: string[] = [];
    const take = (name: string) => semaphore.take().then(() => order.push(name));
    await Promise.all([take('a'), take('b')]);
    const waiting = [take('c'), take('d')];
    await tick();
    expect(order).toEqual(['a', 'b']);
    expect(semaphore.active).toBe(2);
    semaphore.give();
    await tick();
    expect(order).toEqual(['a', 'b', 'c']);
    semaphore.give();
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    semaphore.give();
    semaphore.give();
    expect(semaphore.active).toBe(0);
  });

  it('drops a waiter whose signal aborts, with the error it was made with, and never gives it a place', async () => {
    const semaphore = new Semaphore(
      () => 1,
      () => new RangeError('gave up'),
    );
    await semaphore.take();
    const controller = new AbortController();
    const gaveUp = semaphore.take(controller.signal);
    const next = semaphore.take();
    controller.abort();
    await expect(gaveUp).rejects.toBeInstanceOf(RangeError);
    semaphore.give();
    await next;
    expect(semaphore.active).toBe(1);
    await expect(semaphore.take(AbortSignal.abort())).rejects.toBeInstanceOf(RangeError);
  });

  it('reads its limit at every take, and runs work holding a place', async () => {
    let limit = 1;
    const semaphore = new Semaphore(() => limit);
    await semaphore.take();
    limit = 2;
    expect(await semaphore.run(async () => semaphore.active)).toBe(2);
    expect(semaphore.active).toBe(1);
  });
});
