import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, parseSync, type Rolldown } from 'vite';
import { pureContracts, topLevelInitializers, wrapPure } from './pure-contracts.ts';

const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-pure-contracts-'));

// A contracts-like module: a constant and a helper beside schemas that read each other's fields.
fs.writeFileSync(
  path.join(fixtures, 'contract.ts'),
  `import { z } from 'zod';
export const PAGE_SIZE = 10;
export function fenToYuan(fen: number): string { return (fen / 100).toFixed(2); }
export const pageSchema = z.object({ page_num: z.coerce.number().int().min(1, '页码不正确').default(1) });
export const taskQuerySchema = z.object({ page_num: pageSchema.shape.page_num, keyword: z.string().max(20) });
export const LABELS = { 1: '短剧' } as const;
`,
);
fs.writeFileSync(
  path.join(fixtures, 'constant-only.ts'),
  `import { fenToYuan, PAGE_SIZE } from './contract.ts';\nexport const shown = fenToYuan(PAGE_SIZE);\n`,
);
fs.writeFileSync(
  path.join(fixtures, 'schema-user.ts'),
  `import { taskQuerySchema } from './contract.ts';\nexport const parsed = taskQuerySchema.parse({ keyword: '霸总' });\n`,
);

async function bundle(entry: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: fixtures,
    resolve: { alias: { zod: zodDir } },
    plugins: [pureContracts(/[\\/]contract\.ts$/)],
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(fixtures, entry), formats: ['es'], fileName: 'out' },
    },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe('pureContracts', () => {
  afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

  it('wraps each top-level initializer that may run code, leaving functions and plain values alone', () => {
    const code = `import { z } from 'zod';
export const a = z.string().min(1);
const b = a.shape?.x ?? 1;
export const c = 10;
export const d = (value: number) => value * 2;
export function e() { return z.number(); }
let f = { g: z.number() } as const;`;
    const ranges = topLevelInitializers(parseSync('contract.ts', code, { lang: 'ts' }).program);
    expect(ranges.map(([start, end]) => code.slice(start, end))).toEqual([
      'z.string().min(1)',
      'a.shape?.x ?? 1',
      '{ g: z.number() } as const',
    ]);
    expect(wrapPure(code, ranges)).toContain('export const a = /* @__PURE__ */ (() => (z.string().min(1)))();');
  });

  it('finds the initializers by character, past Chinese text', () => {
    const code = `export const label = '页码不正确';\nexport const schema = make('每页数量');`;
    const ranges = topLevelInitializers(parseSync('contract.ts', code, { lang: 'ts' }).program);
    expect(ranges.map(([start, end]) => code.slice(start, end))).toEqual([`make('每页数量')`]);
  });

  it('drops the schemas, and zod, from a bundle that uses only a constant and a helper', async () => {
    const code = await bundle('constant-only.ts');
    expect(code).toContain('fenToYuan');
    expect(code).not.toMatch(/ZodObject|ZodString|\$ZodType/);
    expect(code).not.toContain('pageSchema');
  }, 30_000);

  it('keeps a used schema and what it reads, and it validates as before', async () => {
    const code = await bundle('schema-user.ts');
    expect(code).toMatch(/ZodObject/);
    const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      parsed: unknown;
    };
    expect(module.parsed).toEqual({ page_num: 1, keyword: '霸总' });
  }, 30_000);
});
