/**
 * `GET /agent/v1/sett/data/export` of 100 000 share rows (BENCH_EXPORT_ROWS): time and the server's peak memory,
 * beside two baselines on the same rows — a CSV stream (the least an export can cost) and exceljs's in-memory
 * Workbook (what the streaming writer saves). Each run has a fresh server in its own process (`serve-export.ts`);
 * this process downloads, so the server's peak RSS (`VmHWM`, reset once the rows are in) is the export's alone.
 * The resting server already holds about 200 MB (tsx and the whole server's module graph, as `npm start` runs it),
 * so the limit is on what the export adds: the run fails if the streaming export's peak RSS grows more than
 * 150 MB over the resting server, or if a file does not hold every row. Most of that growth is garbage V8 has not
 * collected yet (with a forced GC every 500 ms the same export adds about 4 MB); what must not happen is growth
 * with the row count, as the in-memory baseline shows.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';

const PEAK_LIMIT_MB = 150;
const MODES = ['csv', 'xlsx-in-memory', 'xlsx'] as const;
type Mode = (typeof MODES)[number];
const LABELS: Record<Mode, string> = {
  csv: 'baseline: CSV stream',
  'xlsx-in-memory': 'baseline: exceljs Workbook in memory',
  xlsx: 'GET /sett/data/export (streaming xlsx)',
};

interface Run {
  mode: Mode;
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  peakMb: number;
}

/** A figure of /proc/<pid>/status (VmRSS, VmHWM) in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return kb / 1024;
}

async function countRows(file: string, mode: Mode): Promise<number> {
  if (mode === 'csv') {
    let lines = 0;
    for await (const _line of readline.createInterface({ input: fs.createReadStream(file) })) lines += 1;
    return lines - 1;
  }
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) for await (const _row of sheet) rows += 1;
  return rows - 1;
}

async function runOnce(mode: Mode, dir: string): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'serve-export.ts', mode], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const lines = readline.createInterface({ input: child.stdout });
    const [first] = (await once(lines, 'line')) as [string];
    lines.close();
    const { url, headers, pid } = JSON.parse(first) as { url: string; headers: Record<string, string>; pid: number };
    const rssBeforeMb = procMb(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM: the peak from here on is the export's
    const file = path.join(dir, `${mode}.out`);
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200 || !response.body) throw new Error(`${mode}: HTTP ${response.status}`);
    await pipeline(Readable.fromWeb(response.body), fs.createWriteStream(file));
    const seconds = (performance.now() - started) / 1000;
    const peakMb = procMb(pid, 'VmHWM');
    return { mode, rows: await countRows(file, mode), bytes: fs.statSync(file).size, seconds, rssBeforeMb, peakMb };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-export-bench-'));
try {
  const runs: Run[] = [];
  for (const mode of MODES) runs.push(await runOnce(mode, dir));
  const expected = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
  console.log(`\nshare order export, ${expected} rows — server in its own process, ${os.cpus().length} cores`);
  console.table(
    runs.map((r) => ({
      export: LABELS[r.mode],
      rows: r.rows,
      'size MB': (r.bytes / 1024 / 1024).toFixed(1),
      seconds: r.seconds.toFixed(2),
      'rows/s': Math.round(r.rows / r.seconds),
      'RSS before MB': r.rssBeforeMb.toFixed(0),
      'peak RSS MB': r.peakMb.toFixed(0),
      'export adds MB': (r.peakMb - r.rssBeforeMb).toFixed(0),
    })),
  );
  const streaming = runs.find((r) => r.mode === 'xlsx')!;
  if (runs.some((r) => r.rows !== expected)) {
    console.error('✖ an export did not hold every row');
    process.exitCode = 1;
  }
  const added = streaming.peakMb - streaming.rssBeforeMb;
  if (added >= PEAK_LIMIT_MB) {
    console.error(
      `✖ the streaming export added ${added.toFixed(0)} MB to the server's RSS (limit ${PEAK_LIMIT_MB} MB)`,
    );
    process.exitCode = 1;
  } else {
    console.log(`✔ the streaming export added ${added.toFixed(0)} MB to the server's RSS (< ${PEAK_LIMIT_MB} MB)`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
