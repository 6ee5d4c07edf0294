// Lint for the whole repository: typescript-eslint's recommended rules, React hooks rules for the web
// app, feature boundaries (web features never import one another; layouts import no feature), and module data on
// the server (no module imports another's repository, figures or demo files; the demo seed imports modules' services
// only).
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const SERVER_MODULES = path.join(import.meta.dirname, 'apps/server/src/modules');
const SERVER_DEMO = path.join(import.meta.dirname, 'apps/server/src/demo');
/** What a server module keeps to itself: its data access, the figures it keeps of its data, its demo data. */
const MODULE_PRIVATE = /(\.repository|figures|rollup)\.[jt]s$|(^|[/\\])demo-[^/\\]*$/;
const FEATURES = path.join(WEB_SRC, 'features');
const LAYOUTS = path.join(WEB_SRC, 'layouts');

/** The first folder of `file` below `root`, or null when `file` is not inside it. */
function folderBelow(root, file) {
  const relative = path.relative(root, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

/**
 * Resolves every relative import (`../credit/x`, `../../features/credit/x`, dynamic `import()` and re-exports) to
 * the file it names, so that no spelling of a path gets from one feature into another, or from a layout into any.
 */
const featureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'Features do not import each other ({{ from }} → {{ to }}): move shared code to components/ or lib/.',
      layoutFeature: 'Layouts do not import features (→ {{ to }}): move shared code to components/ or lib/.',
    },
  },
  create(context) {
    const file = context.filename;
    const ownFeature = folderBelow(FEATURES, file);
    const inLayout = folderBelow(LAYOUTS, file) !== null;
    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = folderBelow(FEATURES, path.resolve(path.dirname(file), source.value));
      if (target === null) return;
      if (inLayout) context.report({ node: source, messageId: 'layoutFeature', data: { to: target } });
      else if (ownFeature !== null && target !== ownFeature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: ownFeature, to: target } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * Server modules own their data (docs/ARCHITECTURE.md): another module's repository, figures or demo files are out
 * of a module's reach, whatever the spelling of the path; a module reaches another through its service. The demo
 * seed (demo/) owns no data at all: it writes every module's tables through that module's service. (The composition
 * root, app.ts, and demo-services.ts beside it build every module's repository and service.)
 */
const moduleData = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreignData: "Module {{ from }} reaches {{ to }}'s own data ({{ file }}): go through {{ to }}'s service instead.",
      demoData: 'Module {{ from }} imports demo code ({{ file }}): the demo seeds the modules, never the other way.',
      demoReachesData: "Demo code reaches {{ to }}'s own data ({{ file }}): seed through {{ to }}'s service instead.",
    },
  },
  create(context) {
    const file = context.filename;
    const ownModule = folderBelow(SERVER_MODULES, file);
    const inDemo = folderBelow(SERVER_DEMO, file) !== null;
    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const targetModule = folderBelow(SERVER_MODULES, target);
      if (ownModule !== null && folderBelow(SERVER_DEMO, target) !== null) {
        context.report({ node: source, messageId: 'demoData', data: { from: ownModule, file: path.basename(target) } });
        return;
      }
      if (targetModule === null || targetModule === ownModule || !MODULE_PRIVATE.test(target)) return;
      if (inDemo) {
        context.report({
          node: source,
          messageId: 'demoReachesData',
          data: { to: targetModule, file: path.basename(target) },
        });
      } else if (ownModule !== null) {
        context.report({
          node: source,
          messageId: 'foreignData',
          data: { from: ownModule, to: targetModule, file: path.basename(target) },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/layouts/**/*.{ts,tsx}'],
    plugins: { boundaries: { rules: { 'feature-imports': featureImports } } },
    rules: {
      'boundaries/feature-imports': 'error',
      // Non-relative spellings (an alias or a package path) are refused outright.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '**/features/**', '!./**', '!../**'],
              message: 'Features do not import each other, nor layouts any feature: use components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { modules: { rules: { 'module-data': moduleData } } },
    rules: { 'modules/module-data': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
