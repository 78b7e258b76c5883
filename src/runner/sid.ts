/**
 * Scenario directory ids: `<NN>-<slug>` (docs/reports.md#the-run-folder), and `<NN>-<slug>-attempt-<k>`
 * for each attempt of a repeated scenario (docs/reports.md#flakiness). One definition, shared with
 * the sink.
 *
 * @module
 */
import { scenarioDirName } from "../evidence/layout.ts";

export { scenarioDirName as scenarioSid, slugify } from "../evidence/layout.ts";

/** What follows a scenario's sid in each of its attempts' folder names. */
const ATTEMPT_SUFFIX = /-attempt-\d+$/;

/**
 * The evidence folder of one attempt of a scenario under `--repeat`/`--retries`.
 *
 * @example
 * ```ts
 * attemptSid(0, "Log in", 2); // "00-log-in-attempt-2"
 * ```
 */
export function attemptSid(index: number, name: string, attempt: number): string {
  return `${scenarioDirName(index, name)}-attempt-${attempt}`;
}

/**
 * The scenario sid an attempt's folder name belongs to (the name itself when it is none).
 *
 * @example
 * ```ts
 * baseSid("00-log-in-attempt-2"); // "00-log-in"
 * ```
 */
export function baseSid(sid: string): string {
  return sid.replace(ATTEMPT_SUFFIX, "");
}
