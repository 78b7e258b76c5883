/**
 * Reading a stored manifest back into the render model. Older manifests lack newer fields;
 * those are filled with empty values so a re-render shows "not captured" instead of failing, and
 * unknown keys are dropped (docs/reports.md#schemaversion).
 *
 * @module
 */
import { ManifestReadError, ManifestVersionError } from "./errors.ts";
import type {
  Manifest,
  ManifestActuation,
  ManifestArtifact,
  ManifestAssertion,
  ManifestScenario,
  ManifestSkippedStep,
  ManifestStep,
  ManifestVisual,
} from "./manifest_types.ts";
import { SCHEMA_VERSION } from "./manifest_types.ts";
import { buildFlakiness } from "./flakiness.ts";
import { buildMatrix } from "./manifest.ts";
import { latencySummary } from "./latency_summary.ts";
import { parseAudit, parseLaunch, parseWaits } from "./step_audit.ts";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
const strOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const numOrNull = (v: unknown): number | null => (typeof v === "number" ? v : null);
const bool = (v: unknown, d = false): boolean => (typeof v === "boolean" ? v : d);
const list = <T>(v: unknown, f: (x: unknown) => T): T[] => (Array.isArray(v) ? v.map(f) : []);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});

/**
 * Parses manifest.json text into a complete {@link Manifest}.
 *
 * @throws {ManifestReadError} when the text is not JSON or has no `runId`/`scenarios`.
 *
 * @example
 * ```ts
 * const manifest = parseManifest(await Deno.readTextFile("runs/x/manifest.json"), "runs/x/manifest.json");
 * ```
 */
export function parseManifest(text: string, path = "manifest.json"): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ManifestReadError(`${path}: not JSON (${(err as Error).message})`, path, {
      cause: err,
    });
  }
  return normalizeManifest(raw, path);
}

/**
 * Fills in every field a renderer reads.
 *
 * @throws {ManifestReadError} when `raw` is not a manifest.
 * @throws {ManifestVersionError} when its `schemaVersion` is not one this build knows.
 *
 * @example
 * ```ts
 * const manifest = normalizeManifest(JSON.parse(text)); // older schema versions filled in
 * ```
 */
export function normalizeManifest(raw: unknown, path = "manifest.json"): Manifest {
  if (!isObj(raw) || typeof raw.runId !== "string" || !Array.isArray(raw.scenarios)) {
    throw new ManifestReadError(`${path}: not a bajutsu manifest`, path);
  }
  const scenarios = raw.scenarios.map(scenario);
  const m: Manifest = {
    schemaVersion: schemaVersionOf(raw.schemaVersion, path),
    runId: raw.runId,
    ok: bool(raw.ok, scenarios.every((s) => s.ok)),
    backend: str(raw.backend),
    sourceName: strOrNull(raw.sourceName),
    scenarios,
  };
  if (isObj(raw.provenance)) m.provenance = raw.provenance;
  const matrix = buildMatrix(scenarios);
  if (matrix) m.matrix = matrix;
  // Recomputed from the steps; the budget it was judged against is kept.
  const budget = obj(obj(raw.latency).budget).step_p95_s;
  m.latency = latencySummary(scenarios, typeof budget === "number" ? budget : null);
  // Recomputed from the attempts; how the run repeated is kept.
  const repeats = obj(raw.flakiness);
  if (repeats.mode === "repeat" || repeats.mode === "retries") {
    m.flakiness = buildFlakiness(scenarios, {
      mode: repeats.mode,
      count: num(repeats.count),
      seed: typeof repeats.seed === "number" ? repeats.seed : null,
    });
  }
  return m;
}

/**
 * The manifest's version: absent means the first one; anything else must be an integer this
 * build can read (1 up to {@link SCHEMA_VERSION}). A newer manifest may mean things an older
 * renderer would silently misreport, so it is refused rather than guessed at.
 */
function schemaVersionOf(v: unknown, path: string): number {
  if (v === undefined) return 1;
  if (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= SCHEMA_VERSION) return v;
  const shown = JSON.stringify(v)?.slice(0, 40) ?? String(v);
  const hint = typeof v === "number" && v > SCHEMA_VERSION
    ? "it was written by a newer bajutsu; upgrade to read it"
    : "not a version bajutsu ever wrote";
  throw new ManifestVersionError(
    `${path}: schemaVersion ${shown} is not supported (this bajutsu reads 1 to ${SCHEMA_VERSION}; ${hint})`,
    path,
  );
}

function scenario(v: unknown): ManifestScenario {
  const r = obj(v);
  const verdict = r.after_verdict;
  return {
    scenario: str(r.scenario),
    ok: bool(r.ok),
    steps: list(r.steps, step),
    expect_results: list(r.expect_results, assertion),
    failure: strOrNull(r.failure),
    artifacts: list(r.artifacts, artifact),
    backend: str(r.backend),
    engine: str(r.engine),
    sid: str(r.sid),
    device: str(r.device),
    device_name: str(r.device_name),
    device_runtime: str(r.device_runtime),
    duration_s: num(r.duration_s),
    video_anchor_s: num(r.video_anchor_s),
    expect_alerts: list(r.expect_alerts, (a) => ({ label: str(obj(a).label) })),
    ...(Array.isArray(r.expect_waits) ? { expect_waits: parseWaits(r.expect_waits) } : {}),
    ...(parseLaunch(r.launch) ? { launch: parseLaunch(r.launch)! } : {}),
    expect_actuations: list(r.expect_actuations, actuation),
    dropped_expect_actuations: num(r.dropped_expect_actuations),
    skipped_captures: list(r.skipped_captures, (c) => ({
      kind: str(obj(c).kind),
      reason: str(obj(c).reason),
    })),
    before_outcomes: list(r.before_outcomes, step),
    after_outcomes: list(r.after_outcomes, step),
    after_verdict: verdict === "success" || verdict === "error" ? verdict : "",
    // Manifests written before these fields existed: no route, one lease.
    route: typeof r.route === "string" ? r.route : "",
    attempts: typeof r.attempts === "number" ? r.attempts : 1,
    // Manifests older than crash-recovery records have none.
    recoveries: list(r.recoveries, (x) => {
      const o = obj(x);
      return {
        attempt: num(o.attempt),
        crash: str(o.crash),
        forced_erase: bool(o.forced_erase),
        replace_device: bool(o.replace_device),
        retried: bool(o.retried),
      };
    }),
    // Only remote runs have remote sessions.
    ...(Array.isArray(r.remote_sessions)
      ? {
        remote_sessions: list(r.remote_sessions, (x) => {
          const o = obj(x);
          return {
            attempt: num(o.attempt),
            endpoint: str(o.endpoint),
            session_id: str(o.session_id),
            session_url: strOrNull(o.session_url),
          };
        }),
      }
      : {}),
    // Only runs whose boots needed recovering have boot attempts.
    ...(Array.isArray(r.boot_attempts)
      ? {
        boot_attempts: list(r.boot_attempts, (x) => {
          const o = obj(x);
          return {
            attempt: num(o.attempt),
            device: str(o.device),
            command: str(o.command),
            ok: bool(o.ok),
            exit_code: numOrNull(o.exit_code),
            detail: str(o.detail),
          };
        }),
      }
      : {}),
    skipped_steps: list(r.skipped_steps, skippedStep),
    file: strOrNull(r.file),
    description: strOrNull(r.description),
    target: str(r.target),
    started_at: num(r.started_at),
    ...(typeof r.repetition === "number" ? { repetition: r.repetition } : {}),
  };
}

function step(v: unknown): ManifestStep {
  const s = obj(v);
  const index = num(s.index);
  return {
    index,
    action: str(s.action),
    ok: bool(s.ok),
    reason: str(s.reason),
    duration_s: num(s.duration_s),
    started_at: num(s.started_at),
    assertion_results: list(s.assertion_results, assertion),
    artifacts: list(s.artifacts, artifact),
    alerts: list(s.alerts, (a) => ({ label: str(obj(a).label) })),
    actuations: list(s.actuations, actuation),
    dropped_actuations: num(s.dropped_actuations),
    generated: strOrNull(s.generated),
    fired_rules: list(s.fired_rules, (n) => num(n)),
    step_id: str(s.step_id, `step${index}`),
    selector: isObj(s.selector) ? s.selector : null,
    line: numOrNull(s.line),
    file: strOrNull(s.file),
    retried: bool(s.retried),
    detail: strOrNull(s.detail),
    auto_wait: isObj(s.auto_wait)
      ? {
        selector: isObj(obj(s.auto_wait).selector) ? obj(obj(s.auto_wait).selector) : {},
        seconds: num(obj(s.auto_wait).seconds),
        polls: num(obj(s.auto_wait).polls),
        ready: bool(obj(s.auto_wait).ready),
        enabled: bool(obj(s.auto_wait).enabled),
      }
      : null,
    dialogs: list(s.dialogs, (d) => ({
      kind: str(obj(d).kind),
      text: str(obj(d).text),
      answer: str(obj(d).answer),
      unexpected: bool(obj(d).unexpected),
    })),
    ...parseAudit(s),
  };
}

function skippedStep(v: unknown): ManifestSkippedStep {
  const s = obj(v);
  const index = num(s.index);
  return {
    index,
    action: str(s.action),
    step_id: str(s.step_id, `step${index}`),
    selector: isObj(s.selector) ? s.selector : null,
  };
}

function assertion(v: unknown): ManifestAssertion {
  const a = obj(v);
  return {
    ok: bool(a.ok),
    kind: str(a.kind),
    detail: str(a.detail),
    reason: str(a.reason),
    visual: isObj(a.visual) ? visual(a.visual) : null,
  };
}

function visual(v: Obj): ManifestVisual {
  return {
    baseline_name: str(v.baseline_name),
    actual: str(v.actual),
    baseline: str(v.baseline),
    diff: strOrNull(v.diff),
    diff_pct: numOrNull(v.diff_pct),
    missing: bool(v.missing),
    engine: str(v.engine),
    element_scoped: bool(v.element_scoped),
    masked_selectors: list(v.masked_selectors, (s) => str(s)),
  };
}

function actuation(v: unknown): ManifestActuation {
  const a = obj(v);
  const frame = Array.isArray(a.frame) && a.frame.length === 4
    ? a.frame.map((n) => num(n)) as [number, number, number, number]
    : null;
  return {
    gesture: str(a.gesture),
    via: str(a.via),
    unit: str(a.unit),
    points: list(a.points, (p) => {
      const xy = Array.isArray(p) ? p : [];
      return [num(xy[0]), num(xy[1])] as [number, number];
    }),
    frame,
    target: strOrNull(a.target),
    accepted: bool(a.accepted, true),
    duration_s: numOrNull(a.duration_s),
    scale: numOrNull(a.scale),
    radians: numOrNull(a.radians),
    substitution: strOrNull(a.substitution),
  };
}

function artifact(v: unknown): ManifestArtifact {
  const a = obj(v);
  return { name: str(a.name), kind: str(a.kind), provider: str(a.provider) };
}
