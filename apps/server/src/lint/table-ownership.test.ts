/**
 * Modules own their data: every table of the schema is listed once under "Table ownership" in docs/ARCHITECTURE.md,
 * and no code outside its owner writes it (Kysely's insertInto / updateTable / deleteFrom / replaceInto, or SQL
 * text that inserts, updates or deletes). Tests and migrations are outside the rule; the demo seed is not: it owns no
 * table and writes through the owners' services.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const src = path.join(root, 'apps/server/src');

function ownership(): Map<string, string> {
  const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Table ownership'));
  const owners = new Map<string, string>();
  for (const [, owner, tables] of section.matchAll(/^\|\s*`([a-z-]+)`\s*\|(.+)\|\s*$/gm)) {
    for (const [, table] of tables!.matchAll(/`([a-z_]+)`/g)) {
      expect(owners.has(table!), `${table} listed twice`).toBe(false);
      owners.set(table!, owner!);
    }
  }
  return owners;
}

function schemaTables(): string[] {
  const schema = fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
  const database = schema.slice(schema.indexOf('export interface Database {'));
  const body = database.slice(0, database.indexOf('\n}'));
  return [...body.matchAll(/^\s+([a-z_]+): [A-Z]\w*Table;/gm)].map(([, name]) => name!);
}

/** The area a source file belongs to: `modules/<name>`'s name, or `jobs`, `db`, … for the other folders. */
function areaOf(file: string): string {
  const [first, second] = path.relative(src, file).split(path.sep);
  return first === 'modules' && second && !second.endsWith('.ts') ? second : first!;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const WRITES = [
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'([a-z_]+)/g,
  /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\s*(?:\(|set\b|where\b|values\b|as\b)/gi,
];

describe('table ownership', () => {
  it('lists every table of the schema, each under one module', () => {
    expect([...ownership().keys()].sort()).toEqual(schemaTables().sort());
  });

  it('lets only its owner write a table', () => {
    const owners = ownership();
    const strangers: string[] = [];
    for (const file of sources(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const pattern of WRITES) {
        for (const [, table] of text.matchAll(pattern)) {
          const owner = owners.get(table!);
          if (owner !== undefined && owner !== areaOf(file)) {
            strangers.push(`${path.relative(root, file)} writes ${table} (owned by ${owner})`);
          }
        }
      }
    }
    expect(strangers).toEqual([]);
  });
});
