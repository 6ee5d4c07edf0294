/**
 * Two Vite plugins that trim what Arco brings into every first page load.
 *
 * `arcoMenuWithoutLayout`: Arco's Menu imports `SiderContext` from `../Layout` only to collapse inside a `Layout.Sider`; that import brings
 * the whole Layout, the Sider's ResizeBox and ten icons (some 28 kB before compression) into the entry chunk. The app
 * never uses Arco's Layout, so Menu gets a context of its own with the Sider context's default value, which is what
 * `useContext` answers outside a Sider anyway. A module that imports Layout fails the build, so this cannot silently
 * break a Menu placed in a Sider later.
 */
import type { Plugin } from 'vite';

const RESIZE_OBSERVER_POLYFILL = 'resize-observer-polyfill';
const NATIVE_RESIZE_OBSERVER = '\0cc:native-resize-observer';

const MENU = /[\\/]@arco-design[\\/]web-react[\\/]es[\\/]Menu[\\/]index\.js$/;
const SIDER_IMPORT = "import { SiderContext } from '../Layout';";
// The default value of `SiderContext` in `es/Layout/sider.js`.
const OWN_CONTEXT =
  "import { createContext as createSiderContext } from 'react';\n" +
  'var SiderContext = createSiderContext({ siderCollapsed: false, collapsedWidth: 64 });';
const LAYOUT_IMPORT = /import\s*\{[^}]*\bLayout\b[^}]*\}\s*from\s*['"]@arco-design\/web-react['"]/;

export function arcoMenuWithoutLayout(): Plugin {
  return {
    name: 'cc:arco-menu-without-layout',
    apply: 'build',
    transform(code, id) {
      if (MENU.test(id)) {
        if (!code.includes(SIDER_IMPORT)) this.error(`Arco's Menu no longer imports SiderContext as expected: ${id}`);
        return { code: code.replace(SIDER_IMPORT, OWN_CONTEXT), map: null };
      }
      if (!id.includes('/node_modules/') && LAYOUT_IMPORT.test(code)) {
        this.error(`${id} imports Arco's Layout: Menu must see Layout.Sider's context (vite-plugins/arco-menu.ts)`);
      }
      return null;
    },
  };
}

/**
 * `nativeResizeObserver`: Arco's Trigger, Tabs and Menu import `resize-observer-polyfill`, which answers the browser's
 * own ResizeObserver whenever there is one. Every browser the build targets (Vite's `baseline-widely-available`) has
 * one, so the polyfill's 7.6 kB of fallback code would never run: the import resolves to the native class instead.
 */
export function nativeResizeObserver(): Plugin {
  return {
    name: 'cc:native-resize-observer',
    apply: 'build',
    // Before Vite's own resolver, which would find the package.
    enforce: 'pre',
    resolveId: {
      filter: { id: new RegExp(`^${RESIZE_OBSERVER_POLYFILL}$`) },
      handler: () => NATIVE_RESIZE_OBSERVER,
    },
    load: {
      filter: { id: new RegExp(`^${NATIVE_RESIZE_OBSERVER}$`) },
      handler: () => 'export default globalThis.ResizeObserver;',
    },
  };
}
