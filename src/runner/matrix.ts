/**
 * The cross-browser matrix (docs/architecture.md#cross-browser-matrix): one engine pass after
 * another, each with its own pool and run dir `<runDir>/<engine>`. The cancel event is read between
 * passes; every scenario of an engine that never ran is failed as cancelled, so the matrix names
 * every requested engine and a cancelled run can never report PASS.
 *
 * @module
 */
import type { Scenario } from "../scenario/types.ts";
import type { CancelSignal } from "../time/cancel.ts";
import type { ScenarioRecord } from "../report/model.ts";
import { CANCELLED } from "./run_all.ts";
import { failedRecord } from "./scenario_record.ts";

/**
 * Runs every scenario on one engine; artifact names are relative to `engineDir`.
 *
 * @example
 * ```ts
 * const pass: EnginePass = (engine) => runPass(plan, run, engine);
 * ```
 */
export type EnginePass = (engine: string) => Promise<ScenarioRecord[]>;

/**
 * What the matrix reads between engine passes.
 *
 * @example
 * ```ts
 * const opts: MatrixOptions = { cancel, wallNow: () => new Date(), onEngine: (e) => log(e) };
 * ```
 */
export interface MatrixOptions {
  cancel: CancelSignal;
  wallNow: () => Date;
  onEngine?: (engine: string) => void;
}

/**
 * Engine-major results; each record's `engine` set and `sid` prefixed `<engine>/`.
 *
 * @example
 * ```ts
 * const records = await runMatrix(["chromium", "firefox"], scenarios, pass, opts);
 * records.map((r) => r.engine); // ["chromium", …, "firefox", …]
 * ```
 */
export async function runMatrix(
  engines: string[],
  scenarios: Scenario[],
  pass: EnginePass,
  opts: MatrixOptions,
): Promise<ScenarioRecord[]> {
  const out: ScenarioRecord[] = [];
  for (const engine of engines) {
    if (opts.cancel.cancelled) {
      scenarios.forEach((s, i) => out.push(failedRecord(i, s, CANCELLED, engine, opts.wallNow())));
      continue;
    }
    opts.onEngine?.(engine);
    const records = await pass(engine);
    for (const r of records) out.push({ ...r, engine });
  }
  return out;
}
