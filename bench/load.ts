/**
 * The load generator, in its own process so that it never shares an event loop (or, on 2 cores, a core) with the
 * server it measures. Reads one JSON argument `{ url, method?, headers?, body?, expectStatus?, connections,
 * duration }`, runs autocannon and prints one JSON line with the figures and its own CPU time over the run.
 */
import autocannon from 'autocannon';

interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  expectStatus?: number;
  connections: number;
  duration: number;
}

const request = JSON.parse(process.argv[2]!) as LoadRequest;
const expected = request.expectStatus ?? 200;
let unexpected = 0;
// The generator's own CPU time over the run (not its start-up), so a run shows which side was the bottleneck.
const cpuBefore = process.cpuUsage();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: request.url,
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      connections: request.connections,
      duration: request.duration,
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  instance.on('response', (_client, statusCode) => {
    if (statusCode !== expected) unexpected += 1;
  });
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    unexpected,
    loadCpuSeconds: (() => {
      const used = process.cpuUsage(cpuBefore);
      return (used.user + used.system) / 1e6;
    })(),
  })}\n`,
);
