/**
 * The per-scenario line the report page draws before any scenario's data is parsed: what a
 * collapsed block shows. Full scenario data travels in one JSON block per scenario, parsed only
 * when the block is opened.
 *
 * @module
 */
import type { ManifestScenario } from "../manifest_types.ts";
import type { FlakyVerdict } from "../flakiness.ts";

/**
 * What a collapsed scenario block shows.
 *
 * @example
 * ```ts
 * const { name, ok, device }: ScenarioSummary = summarizeScenario(manifest.scenarios[0]);
 * ```
 */
export interface ScenarioSummary {
  name: string;
  ok: boolean;
  durationS: number;
  engine: string;
  backend: string;
  /** The config target it ran on ("" when unknown). */
  target: string;
  /** `model (runtime)` or the device id. */
  device: string;
  description: string | null;
  /** Which attempt this is under `--repeat`/`--retries` (docs/reports.md#flakiness); else null. */
  repetition: number | null;
  /** The scenario's verdict over its attempts, when the run repeated it; else null. */
  verdict: FlakyVerdict | null;
}

/**
 * The summary line of one scenario.
 *
 * @example
 * ```ts
 * summarizeScenario(s).device; // "iPhone 15 (iOS 17.2)", or the device id
 * ```
 */
export function summarizeScenario(
  s: ManifestScenario,
  verdict: FlakyVerdict | null = null,
): ScenarioSummary {
  const device = s.device_name
    ? s.device_name + (s.device_runtime ? ` (${s.device_runtime})` : "")
    : s.device;
  return {
    name: s.scenario,
    ok: s.ok,
    durationS: s.duration_s,
    engine: s.engine,
    backend: s.backend,
    target: s.target,
    device,
    description: s.description,
    repetition: s.repetition ?? null,
    verdict,
  };
}
