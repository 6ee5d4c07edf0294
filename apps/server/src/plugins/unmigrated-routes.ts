/**
 * The routes still registered by hand while their domains move to the endpoint table (ADR 0031). The list only
 * shrinks: a domain's routes leave it as they move, and it goes when it is empty.
 */
export const UNMIGRATED_ROUTES: ReadonlySet<string> = new Set([]);
