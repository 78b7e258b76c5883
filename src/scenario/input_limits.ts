/**
 * Bounds on what the loaders accept (docs/input-limits.md): each keeps a hostile or runaway input
 * — an alias bomb, thousand-level nesting, a multi-megabyte scalar, 150,000 data rows — a coded
 * error at its line instead of gigabytes of memory or a stack overflow. Every value here is
 * documented there with its error code; change both together.
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

/** Rows of one scenario's `data` list or `dataFile` CSV. Beyond it: `E_SIZE_LIMIT`. */
export const MAX_DATA_ROWS = 10_000;

/** Scenarios of one file, after data rows are expanded. Beyond it: `E_SIZE_LIMIT`. */
export const MAX_SCENARIOS_PER_FILE = 10_000;

/** Scenarios one `run` loads from all of its paths together. Beyond it: `E_SIZE_LIMIT`. */
export const MAX_SCENARIOS_PER_RUN = 10_000;

/** `generate: {random: {string: {length}}}`: the longest string. Beyond it: `E_GENERATE`. */
export const MAX_GENERATED_STRING = 100_000;

/** `generate: {random: {float: {precision}}}`: the most decimals (`toFixed`'s own bound). */
export const MAX_FLOAT_PRECISION = 100;

/**
 * `generate: {datetime}`: the largest shift, in seconds, the offsets may add up to (10,000
 * years), so the shifted instant stays a valid date.
 */
export const MAX_DATETIME_SHIFT_S = 10_000 * 365.25 * 86_400;
