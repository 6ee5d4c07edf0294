/** Vite plugin that adds the CSS of each Arco component a module imports, so the app never ships the whole kit's CSS. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PACKAGE = '@arco-design/web-react';
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/g;
const CSS_IMPORT = /import\s+['"]([^'"]+)['"]/g;

const packageRoot = dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));

/**
 * Arco's `style/css.js` files import the global style, the component's CSS and the CSS of the components it
 * renders (Modal pulls in Button). Following those imports gives the complete, ordered list of CSS files.
 */
function collectCssFiles(cssEntry: string, seen: Set<string>, files: string[]): void {
  if (seen.has(cssEntry)) return;
  seen.add(cssEntry);
  for (const [, specifier] of readFileSync(cssEntry, 'utf8').matchAll(CSS_IMPORT)) {
    const target = resolve(dirname(cssEntry), specifier!);
    if (target.endsWith('.css')) {
      if (!files.includes(target)) files.push(target);
    } else {
      collectCssFiles(target, seen, files);
    }
  }
}

const cssByComponent = new Map<string, string[]>();

function cssImportsOf(component: string): string[] {
  const cached = cssByComponent.get(component);
  if (cached) return cached;
  const cssEntry = join(packageRoot, 'es', component, 'style', 'css.js');
  const files: string[] = [];
  if (existsSync(cssEntry)) collectCssFiles(cssEntry, new Set(), files);
  // Import through the package name so Vite resolves the files the same way in dev and build.
  const specifiers = files.map((file) => `${PACKAGE}/${relative(packageRoot, file).split('\\').join('/')}`);
  cssByComponent.set(component, specifiers);
  return specifiers;
}

function importedComponents(code: string): string[] {
  const names: string[] = [];
  for (const [, list] of code.matchAll(NAMED_IMPORT)) {
    for (const entry of list!.split(',').map((part) => part.trim())) {
      // `type X` specifiers are erased at compile time and bring no styles.
      if (entry && !entry.startsWith('type ')) names.push(entry.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

export function arcoStyles(): Plugin {
  return {
    name: 'cc:arco-styles',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id) || !code.includes(PACKAGE)) return null;
      const cssImports = new Set(importedComponents(code).flatMap(cssImportsOf));
      if (cssImports.size === 0) return null;
      const prelude = [...cssImports].map((specifier) => `import '${specifier}';`).join('\n');
      return { code: `${prelude}\n${code}`, map: null };
    },
  };
}
