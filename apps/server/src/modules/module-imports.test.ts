import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);

/** For each module folder, the other modules its non-test files import from (`../<module>/…`). */
function moduleImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(root).filter((name) => fs.statSync(path.join(root, name)).isDirectory())) {
    const used = new Set<string>();
    const files = (fs.readdirSync(path.join(root, module), { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    for (const file of files) {
      const depth = file.split(path.sep).length - 1;
      const up = `${'../'.repeat(depth + 1)}`;
      const text = fs.readFileSync(path.join(root, module, file), 'utf8');
      for (const match of text.matchAll(/from '([^']+)'/g)) {
        const target = match[1]!;
        if (!target.startsWith(up)) continue;
        const other = target.slice(up.length).split('/')[0]!;
        if (other !== module && other !== '..' && fs.existsSync(path.join(root, other))) used.add(other);
      }
    }
    imports.set(module, used);
  }
  return imports;
}

describe('server modules', () => {
  it('import one another one way only: no two modules import each other', () => {
    const imports = moduleImports();
    const cycles = [...imports].flatMap(([module, used]) =>
      [...used]
        .filter((other) => module < other && imports.get(other)?.has(module))
        .map((other) => `${module} <-> ${other}`),
    );
    // settlement <-> withdrawal is known and not yet broken; any other pair is new.
    expect(cycles).toEqual(['settlement <-> withdrawal']);
  });

  it('keeps SMS codes and money sessions in verification/, which neither auth nor user is imported by', () => {
    const imports = moduleImports();
    expect(imports.get('verification')?.has('auth')).toBe(false);
    expect(imports.get('verification')?.has('user')).toBe(false);
    expect(imports.get('user')?.has('auth')).toBe(false);
  });
});
