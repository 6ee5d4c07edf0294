/**
 * Vite plugin that lets the bundler drop the contracts' zod schemas a page does not use, and zod with them.
 *
 * A contracts module declares schemas next to constants and helpers (`fenToYuan` beside `pageQuerySchema`). A page
 * that imports only the helper still got every schema of the module, and so all of zod (~25 kB compressed): the
 * bundler cannot know that `z.object(...)` or `pageQuerySchema.shape.page_num` has no side effect. The contracts
 * only build values at their top level — the package says so with `"sideEffects": false` — so the initializer of
 * each top-level declaration is wrapped in a function called at once and marked `/* @__PURE__ *\/`: a declaration
 * nothing reads is removed whole, and a used one runs exactly as before.
 */
import type { Plugin } from 'vite';

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** Initializers that run nothing when evaluated; wrapping them would change nothing. */
const INERT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression', 'Literal', 'Identifier']);

/** The `[start, end)` ranges of the top-level `const`/`let` initializers that may run code when evaluated. */
export function topLevelInitializers(program: { body: unknown[] }): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const statement of program.body) {
    const declaration =
      isNode(statement) && statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init;
      if (isNode(init) && !INERT.has(init.type)) ranges.push([init.start, init.end]);
    }
  }
  return ranges;
}

/** `x = init` becomes `x = /* @__PURE__ *\/ (() => (init))()`. */
export function wrapPure(code: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  let result = '';
  let from = 0;
  for (const [start, end] of ranges) {
    result += `${code.slice(from, start)}/* @__PURE__ */ (() => (${code.slice(start, end)}))()`;
    from = end;
  }
  return result + code.slice(from);
}

export function pureContracts(include: RegExp = CONTRACTS_SOURCE): Plugin {
  return {
    name: 'cc:pure-contracts',
    // Only the production bundle is tree-shaken.
    apply: 'build',
    transform: {
      filter: { id: include },
      handler(code) {
        const ranges = topLevelInitializers(this.parse(code, { lang: 'ts' }));
        return ranges.length === 0 ? null : { code: wrapPure(code, ranges), map: null };
      },
    },
  };
}
