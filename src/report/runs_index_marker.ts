/**
 * The marker the runs history page carries, so a later refresh can tell its own page from a
 * user's `index.html` (see runs_index.ts).
 *
 * @module
 */

/**
 * A `<meta>` tag in the page's head; its presence means "bajutsu wrote this file".
 *
 * @example
 * ```ts
 * html.includes(RUNS_INDEX_MARKER); // a runs index bajutsu wrote
 * ```
 */
export const RUNS_INDEX_MARKER = '<meta name="generator" content="bajutsu runs index">';
