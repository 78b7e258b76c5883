/**
 * Builds manifest.json (docs/reports.md#manifestjson) from the run's results: the versioned render
 * model every other report is derived from. Pure: no clock, no file system.
 *
 * @module
 */
import type { Actuation } from "../model/actuation.ts";
import type { Artifact } from "../model/artifact.ts";
import type { AssertionResult } from "../model/assertion_result.ts";
import type { StepOutcome } from "../model/step_outcome.ts";
import { latencySummary } from "./latency_summary.ts";
import { buildFlakiness } from "./flakiness.ts";
import type { PlannedStep, RunReportInput, ScenarioRecord } from "./model.ts";
import { auditBody, launchBody, waitBody } from "./step_audit.ts";
import {
  type Manifest,
  type ManifestActuation,
  type ManifestArtifact,
  type ManifestAssertion,
  type ManifestMatrix,
  type ManifestScenario,
  type ManifestSkippedStep,
  type ManifestStep,
  SCHEMA_VERSION,
} from "./manifest_types.ts";

/**
 * The manifest of a run: fixed key order, snake_case result bodies, every field present.
 *
 * @example
 * ```ts
 * const m = buildManifest({ runId: "20240501-101500", results: [], sourceName: null });
 * m.schemaVersion; // 9
 * ```
 */
export function buildManifest(input: RunReportInput): Manifest {
  const scenarios = input.results.map(scenarioBody);
  const manifest: Manifest = {
    schemaVersion: SCHEMA_VERSION,
    runId: input.runId,
    ok: scenarios.every((s) => s.ok),
    backend: orderedUnique(scenarios.map((s) => s.backend)).join(", "),
    sourceName: input.sourceName,
    scenarios,
  };

  if (input.provenance && Object.keys(input.provenance).length > 0) {
    manifest.provenance = { ...input.provenance };
  }
  const matrix = buildMatrix(scenarios);
  if (matrix) manifest.matrix = matrix;
  // A breached latency budget fails the run (docs/configuration.md#latencybudget).
  manifest.latency = latencySummary(scenarios, input.latencyBudget?.stepP95S ?? null);
  if (manifest.latency.budget?.ok === false) manifest.ok = false;
  if (input.repeats) manifest.flakiness = buildFlakiness(scenarios, input.repeats);
  return manifest;
}

/**
 * The engine × scenario grid, or null when no result carries an engine.
 *
 * @example
 * ```ts
 * buildMatrix(manifest.scenarios)?.engines; // ["chromium", "firefox"], or null without a matrix
 * ```
 */
export function buildMatrix(scenarios: readonly ManifestScenario[]): ManifestMatrix | null {
  if (!scenarios.some((s) => s.engine)) return null;
  const engines = orderedUnique(scenarios.map((s) => s.engine));
  const names = orderedUnique(scenarios.map((s) => s.scenario), true);
  const cells: ManifestMatrix["cells"] = {};
  for (const name of names) cells[name] = {};
  for (const s of scenarios) {
    cells[s.scenario][s.engine] = { ok: s.ok, sid: `${s.engine}/${s.sid}`, failure: s.failure };
  }
  return { engines, scenarios: names, cells };
}

function orderedUnique(values: string[], keepEmpty = false): string[] {
  return [...new Set(values.filter((v) => keepEmpty || v !== ""))];
}

function scenarioBody(rec: ScenarioRecord): ManifestScenario {
  const r = rec.result;
  // Steps without a recorded start get one derived from the scenario start and the durations
  // before them (before → steps → after), so `at` stays monotonic in the report.
  let cursor = rec.startedAt;
  const phase = (outcomes: StepOutcome[]) =>
    outcomes.map((o) => {
      const started = o.startedAt ?? cursor;
      cursor = started + o.durationS;
      return stepBody(o, started);
    });
  const before = phase(r.beforeOutcomes);
  const steps = phase(r.steps);
  const after = phase(r.afterOutcomes);
  return {
    scenario: r.scenario,
    ok: r.ok,
    steps,
    expect_results: r.expectResults.map(assertionBody),
    failure: r.failure,
    artifacts: rec.artifacts.map(artifactBody),
    backend: rec.backend,
    engine: rec.engine,
    sid: rec.sid,
    device: rec.device,
    device_name: rec.deviceName,
    device_runtime: rec.deviceRuntime,
    duration_s: r.durationS,
    video_anchor_s: rec.videoAnchorS,
    expect_alerts: (rec.expectAlerts ?? []).map((a) => ({ label: a.label })),
    ...(r.expectWaits?.length ? { expect_waits: r.expectWaits.map(waitBody) } : {}),
    ...(r.launch ? { launch: launchBody(r.launch) } : {}),
    expect_actuations: (rec.expectActuations ?? []).map(actuationBody),
    dropped_expect_actuations: rec.droppedExpectActuations ?? 0,
    skipped_captures: rec.skippedCaptures.map((c) => ({ kind: c.kind, reason: c.reason })),
    before_outcomes: before,
    after_outcomes: after,
    after_verdict: r.afterVerdict,
    route: rec.route ?? "",
    attempts: rec.attempts ?? 1,
    recoveries: (rec.recoveries ?? []).map((r) => ({
      attempt: r.attempt,
      crash: r.crash,
      forced_erase: r.forcedErase,
      replace_device: r.replaceDevice,
      retried: r.retried,
    })),
    ...(rec.remoteSessions?.length
      ? {
        remote_sessions: rec.remoteSessions.map((s) => ({
          attempt: s.attempt,
          endpoint: s.endpoint,
          session_id: s.sessionId,
          session_url: s.sessionUrl,
        })),
      }
      : {}),
    ...(rec.bootAttempts?.length
      ? {
        boot_attempts: rec.bootAttempts.map((b) => ({
          attempt: b.attempt,
          device: b.device,
          command: b.command,
          ok: b.ok,
          exit_code: b.exitCode,
          detail: b.detail,
        })),
      }
      : {}),
    skipped_steps: r.ok ? [] : skippedSteps(rec.plannedSteps ?? [], r.steps.length),
    file: rec.file ?? null,
    description: rec.description ?? null,
    target: rec.target ?? "",
    started_at: rec.startedAt,
    ...(rec.repetition !== undefined ? { repetition: rec.repetition } : {}),
  };
}

function skippedSteps(planned: PlannedStep[], executed: number): ManifestSkippedStep[] {
  return planned.slice(executed).map((p, i) => ({
    index: executed + i,
    action: p.action,
    step_id: p.stepId,
    selector: p.selector ? { ...p.selector } : null,
  }));
}

function stepBody(o: StepOutcome, startedAt: number): ManifestStep {
  return {
    index: o.index,
    action: o.action,
    ok: o.ok,
    reason: o.reason,
    duration_s: o.durationS,
    started_at: startedAt,
    assertion_results: o.assertionResults.map(assertionBody),
    artifacts: o.artifacts.map(artifactBody),
    alerts: (o.alerts ?? []).map((a) => ({ label: a.label })),
    actuations: o.actuations.map(actuationBody),
    dropped_actuations: o.droppedActuations,
    generated: o.generated ?? null,
    fired_rules: [...o.firedRules],
    step_id: o.stepId,
    selector: o.selector ? { ...o.selector } : null,
    line: o.line ?? null,
    file: o.file ?? null,
    retried: o.retried ?? false,
    detail: o.detail ?? null,
    auto_wait: o.autoWait
      ? {
        selector: { ...o.autoWait.selector },
        seconds: o.autoWait.seconds,
        polls: o.autoWait.polls,
        ready: o.autoWait.ready,
        enabled: o.autoWait.enabled,
      }
      : null,
    dialogs: (o.dialogs ?? []).map((d) => ({
      kind: d.kind,
      text: d.text,
      answer: d.answer,
      unexpected: d.unexpected ?? false,
    })),
    ...auditBody(o),
  };
}

function assertionBody(a: AssertionResult): ManifestAssertion {
  const v = a.visual;
  return {
    ok: a.ok,
    kind: a.kind,
    detail: a.detail,
    reason: a.reason,
    visual: v
      ? {
        baseline_name: v.baselineName,
        actual: v.actual,
        baseline: v.baseline,
        diff: v.diff ?? null,
        diff_pct: v.diffPct ?? null,
        missing: v.missing ?? false,
        engine: v.engine,
        element_scoped: v.elementScoped ?? false,
        masked_selectors: [...(v.maskedSelectors ?? [])],
      }
      : null,
  };
}

function actuationBody(a: Actuation): ManifestActuation {
  return {
    gesture: a.gesture,
    via: a.via,
    unit: a.unit,
    points: a.points.map(([x, y]) => [x, y]),
    frame: a.frame ? [a.frame[0], a.frame[1], a.frame[2], a.frame[3]] : null,
    target: a.target,
    accepted: a.accepted,
    duration_s: a.durationS,
    scale: a.scale,
    radians: a.radians,
    substitution: a.substitution,
  };
}

function artifactBody(a: Artifact): ManifestArtifact {
  return { name: a.name, kind: a.kind, provider: a.provider };
}
