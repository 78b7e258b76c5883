/**
 * The lines `run --repeat`/`--retries` prints before its verdict (docs/cli.md#repeat-and-retries):
 * one per scenario, its verdict, passes and fails, flip rate and distinct failure reasons.
 *
 * @module
 */
import type { ManifestFlakiness } from "../report/flakiness.ts";

/**
 * One line per scenario (and engine), then one per distinct failure reason, indented.
 *
 * @example
 * ```ts
 * flakinessLines(manifest.flakiness!);
 * // ["flaky        log in: 2 passed, 2 failed of 4, flip rate 1.00", "  - step 1 tap: …"]
 * ```
 */
export function flakinessLines(f: ManifestFlakiness): string[] {
  const lines: string[] = [];
  for (const s of f.scenarios) {
    const name = s.engine ? `${s.scenario} [${s.engine}]` : s.scenario;
    lines.push(
      `${s.verdict.padEnd(12)} ${name}: ${s.passes} passed, ${s.fails} failed of ${s.attempts}, ` +
        `flip rate ${s.flip_rate.toFixed(2)}`,
    );
    for (const reason of s.reasons) lines.push(`  - ${reason}`);
  }
  return lines;
}
