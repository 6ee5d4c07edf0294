/**
 * Open live-progress streams counted per creator and per client IP in this process: each holds a
 * socket and a poll for as long as the page is open, so a script opening thousands would hold the server's sockets
 * and database with them. Over either cap a new stream is refused with 429 before it starts. The media library's
 * upload bodies (tus PATCH) are counted the same way, with their own caps and refusal.
 */
import { appError, type ErrorKey } from '../errors.js';

function add<K>(counts: Map<K, number>, key: K, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export class StreamSlots {
  private readonly byCreator = new Map<number, number>();
  private readonly byIp = new Map<string, number>();

  constructor(
    private readonly limits: { perCreator: number; perIp: number },
    private readonly refusal: ErrorKey = 'streamLimit',
  ) {}

  /** Takes a slot for this creator and IP, or throws `streamLimit`; the answer gives it back (once). */
  acquire(agentId: number, ip: string): () => void {
    if ((this.byCreator.get(agentId) ?? 0) >= this.limits.perCreator || (this.byIp.get(ip) ?? 0) >= this.limits.perIp) {
      throw appError(this.refusal);
    }
    add(this.byCreator, agentId, 1);
    add(this.byIp, ip, 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      add(this.byCreator, agentId, -1);
      add(this.byIp, ip, -1);
    };
  }
}
