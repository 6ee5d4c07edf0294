/** Graceful close for the entries: on SIGINT/SIGTERM close the app (running jobs finish first), then exit. */
import type { FastifyInstance } from 'fastify';

const FORCE_EXIT_MS = 10_000;

export function closeOnSignal(app: FastifyInstance): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), FORCE_EXIT_MS);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
    });
  }
}
