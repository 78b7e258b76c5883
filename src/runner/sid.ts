/**
 * Scenario directory ids: `<NN>-<slug>` (docs/reports.md#the-run-folder), and
 * `<NN>-<slug>-attempt-<k>` for each attempt of a repeated scenario (docs/reports.md#flakiness).
 * One definition, shared with the sink.
 *
 * @module
 */
import { boundDirName, slugify } from "../evidence/layout.ts";

export { scenarioDirName as scenarioSid, slugify } from "../evidence/layout.ts";

/**
 * The evidence folder of one attempt of a scenario under `--repeat`/`--retries`, bounded like every
 * folder name (docs/reports.md#evidence-folder-names; the hash covers the attempt too).
 *
 * @example
 * ```ts
 * attemptSid(0, "Log in", 2); // "00-log-in-attempt-2"
 * ```
 */
export function attemptSid(index: number, name: string, attempt: number): string {
  return boundDirName(
    `${String(index).padStart(2, "0")}-${slugify(name)}-attempt-${attempt}`,
    `${name}\u0000attempt ${attempt}`,
  );
}
