/**
 * Bounds on any YAML input file (scenario, component, config, fake app), documented in
 * docs/input-limits.md with their error codes: an alias bomb or thousand-level nesting is a
 * coded error at its line instead of gigabytes of memory or a stack overflow, and input quoted
 * in an error message cannot make a huge line. Change the doc and the value together.
 *
 * @module
 */

/**
 * Nodes that YAML aliases (`*name`, `<<: *name`) may add to one document, counted as the size of
 * every aliased subtree each time it is used. Beyond it: `E_ALIAS_LIMIT` at the alias.
 */
export const MAX_ALIAS_NODES = 10_000;

/**
 * Collections (mappings and lists) nested inside one another in a YAML document, and in a
 * scenario after its components are spliced in; the top-level collection is level 1. Beyond it:
 * `E_DEPTH_LIMIT`.
 */
export const MAX_NESTING_DEPTH = 100;

/** Characters of one input value (a scalar, a key) quoted in an error message. */
export const MAX_QUOTED_CHARS = 80;

/** Characters of an error message's text, and of its YAML path, as printed. */
export const MAX_MESSAGE_CHARS = 1_000;
export const MAX_PATH_CHARS = 300;
