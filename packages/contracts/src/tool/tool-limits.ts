/** Limits and defaults every tool's config shares (kept apart so each tool's schema file can import them). */

/** What a tool's form starts with: one output, one script. */
export const TOOL_DEFAULTS = { output_count: 1, script_count: 1 } as const;
/** Outputs one job may ask for (per script for the mixed cut). */
export const MAX_OUTPUT_COUNT = 10;
export const MAX_SCRIPT_COUNT = 5;
export const MAX_JOB_MEDIA = 20;
