/**
 * The job table of a composed app: the kinds are declared up front (so enqueueing works from the first module on),
 * and each module hands in the handlers of the kinds it owns. `check` refuses an app where a kind has no handler
 * or two modules claim one, so a missing handler still stops start-up.
 */
import {
  checkJobTable,
  JobTableError,
  type JobHandler,
  type JobHandlers,
  type JobSpecs,
  type JobTable,
} from './job-table.js';

export class JobSlots<Specs extends JobSpecs> {
  private readonly handlers = new Map<string, { owner: string; handler: JobHandler<unknown> }>();
  /** What the queue runs: each kind calls the handler its owner handed in. */
  readonly table: JobTable<Specs>;

  constructor(readonly specs: Specs) {
    const trampolines = Object.fromEntries(
      Object.keys(specs).map((kind) => [
        kind,
        async (input: unknown, context: Parameters<JobHandler<unknown>>[1]) => {
          const slot = this.handlers.get(kind);
          if (!slot) throw new JobTableError(`job kind "${kind}" has no handler`);
          return slot.handler(input, context);
        },
      ]),
    ) as unknown as JobHandlers<Specs>;
    this.table = checkJobTable(specs, trampolines);
  }

  /** Hands in an owner's handlers; a kind nobody declared, or one already owned, is refused. */
  fill(owner: string, handlers: Partial<JobHandlers<Specs>>): void {
    for (const [kind, handler] of Object.entries(handlers) as [string, JobHandler<unknown> | undefined][]) {
      if (!handler) continue;
      if (!(kind in this.specs)) throw new JobTableError(`handler "${kind}" of ${owner} has no declared job kind`);
      const taken = this.handlers.get(kind);
      if (taken) throw new JobTableError(`job kind "${kind}" is handled by both ${taken.owner} and ${owner}`);
      this.handlers.set(kind, { owner, handler });
    }
  }

  /** Throws naming every declared kind that no module handles. */
  check(): void {
    const missing = Object.keys(this.specs).filter((kind) => !this.handlers.has(kind));
    if (missing.length > 0) {
      throw new JobTableError(
        `Invalid job table:\n  ${missing.map((k) => `job kind "${k}" has no handler`).join('\n  ')}`,
      );
    }
  }
}
