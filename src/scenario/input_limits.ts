/**
 * Bounds on what the scenario loader accepts beyond any YAML file's (src/yaml/limits.ts), in
 * docs/input-limits.md: 150,000 data rows or a billion-character generated string are a coded
 * error at their line instead of gigabytes of memory. Every value here is documented there with
 * its error code; change both together.
 *
 * @module
 */

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
