/**
 * The doctor's findings as data (docs/cli.md#doctor): which backends to ask for which targets,
 * and what each answered. `bajutsu doctor` prints it; serve's `POST /api/doctor` returns it as
 * JSON (docs/serve.md#http-api).
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { BackendDescriptor, DoctorCheck } from "./backend.ts";
import { BACKENDS, expandTokens } from "./registry.ts";

/** One backend's checks, for the target it serves (null: machine-wide). */
export interface DoctorSection {
  actuator: string;
  target: string | null;
  checks: DoctorCheck[];
}

/**
 * Everything doctor found.
 *
 * @example
 * ```ts
 * const report: DoctorReport = { ok: true, failed: 0, warnings: 1, sections: [] };
 * ```
 */
export interface DoctorReport {
  /** Nothing failed (warnings allowed). */
  ok: boolean;
  failed: number;
  warnings: number;
  sections: DoctorSection[];
}

/**
 * Asks each backend the targets need (every backend, none required, when `targets` is empty)
 * for its checks. A check that throws is one failed finding, never an exception.
 *
 * @example
 * ```ts
 * const report = await collectDoctor([eff], (k) => Deno.env.get(k));
 * report.sections[0].checks[0]; // { name: "Xcode", status: "ok", detail: "Xcode 16.4 (16F6)" }
 * ```
 */
export async function collectDoctor(
  targets: readonly Effective[],
  env: (name: string) => string | undefined,
  backends: readonly BackendDescriptor[] = BACKENDS,
): Promise<DoctorReport> {
  // Which backends to ask, each with the target it serves (the first target of its platform).
  const asked: { d: BackendDescriptor; eff: Effective | null; required: boolean }[] = [];
  for (const eff of targets) {
    const tokens = eff.backend.length > 0 ? eff.backend : [eff.platform];
    for (const d of expandTokens(tokens)) {
      if (!backends.includes(d)) continue;
      if (d.platform !== eff.app.platform && d.platform !== "any") continue;
      if (!asked.some((a) => a.d === d)) asked.push({ d, eff, required: true });
    }
  }
  if (targets.length === 0) {
    for (const d of backends) asked.push({ d, eff: null, required: false });
  }
  const sections: DoctorSection[] = [];
  for (const { d, eff, required } of asked) {
    if (!d.doctorChecks) continue;
    let checks: DoctorCheck[];
    try {
      checks = await d.doctorChecks({ eff, env, required });
    } catch (err) {
      checks = [{
        name: d.actuator,
        status: "fail",
        detail: `the check itself failed: ${err instanceof Error ? err.message : err}`,
      }];
    }
    sections.push({ actuator: d.actuator, target: eff?.target ?? null, checks });
  }
  const all = sections.flatMap((s) => s.checks);
  const failed = all.filter((c) => c.status === "fail").length;
  const warnings = all.filter((c) => c.status === "warn").length;
  return { ok: failed === 0, failed, warnings, sections };
}
