/**
 * Keeps a fix applied to the DOM Arco renders inside `ref`: once on mount and again whenever Arco changes that
 * subtree (its components re-render on their own state, out of reach of the caller's effects). The fix must be
 * idempotent and change nothing when there is nothing to change, or it would wake itself forever.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useDomFix<T extends HTMLElement>(
  fix: (root: T) => void,
  deps: readonly unknown[],
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    fix(root);
    const observer = new MutationObserver(() => fix(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `fix` reads
  }, deps);
  return ref;
}

/** Sets an attribute only when it differs, so a MutationObserver fix does not trigger itself. */
export function setAttributeOnce(element: Element | null | undefined, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}
