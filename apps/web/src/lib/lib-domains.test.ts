import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));
const sources = files.filter((file) => !/\.test\.tsx?$/.test(file));

/** The part of the app a file belongs to: one feature, one shared component folder, the layouts, app, or lib. */
function ownerOf(file: string): string {
  const [top, second] = file.split(path.sep);
  if (top === 'features' || top === 'components') return second?.includes('.') ? top : `${top}/${second}`;
  return top!;
}

/** Who imports `lib/<domain>/<name>` (tests included): the owners of every file whose relative import resolves to it. */
function importersOf(target: string): Set<string> {
  const owners = new Set<string>();
  for (const file of files) {
    // A file's own test beside it is no user.
    if (
      file === target ||
      file.replace(/\.test(\.tsx?)$/, '$1').replace(/\.tsx$/, '.ts') === target.replace(/\.tsx$/, '.ts')
    )
      continue;
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    for (const match of text.matchAll(/from '(\.[^']+)'/g)) {
      const resolved = path.relative(src, path.resolve(path.join(src, path.dirname(file)), match[1]!));
      if (resolved === target.replace(/\.tsx?$/, '')) owners.add(ownerOf(file));
    }
  }
  return owners;
}

describe('lib/<domain>/', () => {
  it('holds only what more than one feature uses: a file one feature alone imports lives in that feature', () => {
    const domainFiles = sources.filter(
      (file) => file.startsWith(`lib${path.sep}`) && file.split(path.sep).length === 3,
    );
    const single = domainFiles.filter((file) => {
      const owners = [...importersOf(file)];
      return owners.length === 1 && owners[0]!.startsWith('features/');
    });
    expect(single).toEqual([]);
  });
});
