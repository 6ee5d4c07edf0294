/**
 * The first load of /task as a creator's phone gets it, in Debian's Chromium: the JavaScript and CSS bytes
 * transferred (compressed, headers included, as DevTools counts them) beside their uncompressed size, and the Largest
 * Contentful Paint under Chromium's throttling (a slow 4G-like network, a CPU four times slower). Beside it, in the
 * same run, the same page served without compression (`Accept-Encoding: identity`), so the gain is visible.
 *
 * Builds nothing: it measures `apps/web/dist` (`npm run build`). The product runs in its own process
 * (`serve-web.ts`), Chromium in its own. `BENCH_WEB_RUNS` throttled loads per variant (3); each in a fresh context,
 * so nothing is cached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser } from 'playwright-core';
import { serve } from './support.js';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const PAGE = '/task';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/**
 * Goals for the first load of /task on a phone's network: at most 200 kB of compressed JS and 50 kB of CSS, and the
 * largest content painted within 2.5 s (the "good" LCP threshold); sizes in kB of 1000 bytes.
 */
const GOALS = { jsKb: 200, cssKb: 50, lcpMs: 2500 };
/** Slow-4G-like: 150 ms round trip, 1.6 Mbps down, 750 Kbps up (CDP takes bytes per second). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** A mid-range phone: the layout creators see, at a phone's pixel density. */
const PHONE = devices['Pixel 7']!;
const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((file) => fs.existsSync(file));

interface Load {
  jsTransferred: number;
  jsDecoded: number;
  cssTransferred: number;
  cssDecoded: number;
  files: number;
  /** Content-Encoding of the scripts, e.g. 'br' or 'none'. */
  encodings: string;
  lcpMs: number;
  lcpElement: string;
  problems: string[];
}

interface Resource {
  url: string;
  type: string;
  status: number;
  encoding: string;
  decoded: number;
  transferred: number;
}

/**
 * Runs in the page before its own scripts: records the largest-contentful-paint entries; the last one before any
 * input is the page's LCP. (A string: this file is compiled for Node, without the DOM's types.)
 */
const OBSERVE_LCP = `
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    const element = entry.element;
    const label = element ? element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') : '?';
    window.__lcp = { time: entry.startTime, element: label };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function loadTask(browser: Browser, base: string, identity: boolean): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LCP });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });

    const resources = new Map<string, Resource>();
    const problems: string[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'none';
      resources.set(requestId, {
        url: response.url,
        type,
        status: response.status,
        encoding,
        decoded: 0,
        transferred: 0,
      });
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const resource = resources.get(requestId);
      if (resource) resource.decoded += dataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const resource = resources.get(requestId);
      if (resource) resource.transferred = encodedDataLength;
    });
    cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
      problems.push(`${resources.get(requestId)?.url ?? requestId}: ${errorText}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    await page.goto(`${base}${PAGE}`, { waitUntil: 'networkidle', timeout: 120_000 });
    // The task cards (the links with a 推广 button) are the page's content; LCP is final once they (and their covers)
    // are painted.
    const promote = page.getByRole('button', { name: '推广', exact: true });
    await page.getByRole('link').filter({ has: promote }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const lcp = (await page.evaluate('window.__lcp ?? null')) as { time: number; element: string } | null;
    if (!lcp) problems.push('no largest-contentful-paint entry');

    const of = (type: string) => [...resources.values()].filter((resource) => resource.type === type);
    const sum = (list: Resource[], pick: (resource: Resource) => number) => list.reduce((n, r) => n + pick(r), 0);
    const scripts = of('Script');
    const styles = of('Stylesheet');
    for (const resource of [...scripts, ...styles]) {
      if (resource.status !== 200) problems.push(`${resource.url}: HTTP ${resource.status}`);
    }
    return {
      jsTransferred: sum(scripts, (r) => r.transferred),
      jsDecoded: sum(scripts, (r) => r.decoded),
      cssTransferred: sum(styles, (r) => r.transferred),
      cssDecoded: sum(styles, (r) => r.decoded),
      files: scripts.length + styles.length,
      encodings: [...new Set(scripts.map((r) => r.encoding))].join(', '),
      lcpMs: lcp?.time ?? Number.NaN,
      lcpElement: lcp?.element ?? '?',
      problems,
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
const check = (value: number, goal: number, unit: string) => `≤ ${goal} ${unit} ${value <= goal ? '✓' : '✗'}`;

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`✖ ${DIST} has no built web app: run \`npm run build\` first (this benchmark builds nothing).`);
  process.exit(1);
}
if (!CHROMIUM) {
  console.error('✖ Debian Chromium not found (/usr/bin/chromium): apt-get install chromium');
  process.exit(1);
}

const product = await serve<{ base: string }>('serve-web.ts');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const variants = { compressed: false, identity: true };
  const results: Record<string, Load[]> = {};
  // Alternated, so that a slower moment of the machine does not land on one variant only.
  for (let run = 0; run < RUNS; run++) {
    for (const [name, identity] of Object.entries(variants)) {
      (results[name] ??= []).push(await loadTask(browser, product.info.base, identity));
    }
  }

  const summary = Object.fromEntries(
    Object.entries(results).map(([name, loads]) => {
      const first = loads[0]!;
      const lcps = loads.map((load) => load.lcpMs);
      return [
        name,
        {
          ...first,
          lcpMs: median(lcps),
          lcpRange: `${Math.round(Math.min(...lcps))}–${Math.round(Math.max(...lcps))}`,
        },
      ];
    }),
  );
  const compressed = summary.compressed!;
  const identity = summary.identity!;

  console.log(
    `\nfirst load of ${PAGE} — Chromium ${browser.version()}, ${PHONE.viewport.width}×${PHONE.viewport.height} phone; ` +
      `throttled: ${NETWORK.latency} ms, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ` +
      `${(NETWORK.uploadThroughput * 8) / 1e3} Kbps up, CPU ${CPU_SLOWDOWN}× slower; ${RUNS} loads each (median LCP); ` +
      `${os.cpus().length} cores; kB of 1000 bytes, transferred = bodies + response headers`,
  );
  console.table({
    'JS transferred (kB)': {
      compressed: kb(compressed.jsTransferred),
      identity: kb(identity.jsTransferred),
      goal: check(kb(compressed.jsTransferred), GOALS.jsKb, 'kB'),
    },
    'JS uncompressed (kB)': { compressed: kb(compressed.jsDecoded), identity: kb(identity.jsDecoded), goal: '' },
    'CSS transferred (kB)': {
      compressed: kb(compressed.cssTransferred),
      identity: kb(identity.cssTransferred),
      goal: check(kb(compressed.cssTransferred), GOALS.cssKb, 'kB'),
    },
    'CSS uncompressed (kB)': { compressed: kb(compressed.cssDecoded), identity: kb(identity.cssDecoded), goal: '' },
    'JS + CSS files': { compressed: compressed.files, identity: identity.files, goal: '' },
    'script encoding': { compressed: compressed.encodings, identity: identity.encodings, goal: '' },
    'LCP throttled (ms)': {
      compressed: Math.round(compressed.lcpMs),
      identity: Math.round(identity.lcpMs),
      goal: check(Math.round(compressed.lcpMs), GOALS.lcpMs, 'ms'),
    },
    'LCP range (ms)': { compressed: compressed.lcpRange, identity: identity.lcpRange, goal: '' },
    'LCP element': { compressed: compressed.lcpElement, identity: identity.lcpElement, goal: '' },
  });

  const problems = Object.values(results).flatMap((loads) => loads.flatMap((load) => load.problems));
  if (problems.length > 0) {
    console.error(`✖ the page did not load cleanly:\n  ${[...new Set(problems)].join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await product.close();
}
