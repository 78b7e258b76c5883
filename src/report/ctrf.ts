/**
 * ctrf.json (docs/reports.md#ctrfjson): the Common Test Report Format projection of the manifest. A
 * pure function of the manifest alone (start time from the run id, no clock, no host info), so a
 * re-render reproduces it byte for byte. A run with `--repeat`/`--retries` has one test per
 * scenario over all its attempts: `flaky`, `retries`, the earlier attempts in `retryAttempts` and
 * the verdict in `extra.flakiness` (docs/reports.md#flakiness).
 *
 * @module
 */
import type {
  Manifest,
  ManifestArtifact,
  ManifestAssertion,
  ManifestScenario,
  ManifestStep,
} from "./manifest_types.ts";
import { parseRunId } from "./run_id.ts";
import type { ManifestFlakyScenario } from "./flakiness.ts";
import { failureDetails, stepArtifacts } from "./step_lines.ts";

type Json = Record<string, unknown>;
type Status = "passed" | "failed" | "skipped";

const MIME: Record<string, string> = {
  video: "video/mp4",
  screenshot: "image/png",
  deviceLog: "text/plain",
  elements: "application/json",
  network: "application/json",
  appTrace: "application/json",
};

/**
 * The MIME type CTRF attachments carry for an artifact kind.
 *
 * @example
 * ```ts
 * contentType("screenshot"); // "image/png"
 * contentType("rawTree"); // "application/octet-stream"
 * ```
 */
export function contentType(kind: string): string {
  return MIME[kind] ?? "application/octet-stream";
}

const ms = (seconds: number) => Math.round(seconds * 1000);
const status = (ok: boolean): Status => (ok ? "passed" : "failed");

/**
 * The CTRF document of a run.
 *
 * @example
 * ```ts
 * ctrfJson(manifest).results; // { tool: { name: "bajutsu", … }, summary: {…}, tests: […] }
 * ```
 */
export function ctrfJson(manifest: Manifest): Json {
  const started = parseRunId(manifest.runId);
  const results = manifest.scenarios;
  const tests = manifest.flakiness
    ? manifest.flakiness.scenarios.map((g) => repeatedTest(g, results))
    : results.map(test);
  const passed = tests.filter((t) => t.status === "passed").length;
  // Sum seconds first and round once, so per-test rounding never drifts the total.
  const duration = ms(results.reduce((t, r) => t + r.duration_s, 0));
  const start = started ? started.getTime() : 0;
  const tool: Json = { name: "bajutsu" };
  const version = manifest.provenance?.toolVersion;
  if (typeof version === "string" && version) tool.version = version;
  const inner: Json = {
    tool,
    summary: {
      tests: tests.length,
      passed,
      failed: tests.length - passed,
      skipped: 0,
      pending: 0,
      other: 0,
      start,
      stop: start + duration,
      duration,
    },
    tests,
  };
  const commit = manifest.provenance?.gitRevision;
  if (typeof commit === "string" && commit) inner.environment = { commit };
  if (manifest.matrix) inner.extra = { matrix: manifest.matrix };
  if (manifest.flakiness) {
    const { mode, count, seed } = manifest.flakiness;
    inner.extra = { ...(inner.extra as Json | undefined), repeat: { mode, count, seed } };
  }
  const doc: Json = { reportFormat: "CTRF", specVersion: "0.0.0", generatedBy: "bajutsu" };
  if (started) doc.timestamp = started.toISOString().replace(".000Z", "Z");
  doc.results = inner;
  return doc;
}

/**
 * ctrf.json's file content: two-space JSON plus a final newline.
 *
 * @example
 * ```ts
 * await Deno.writeTextFile("runs/x/ctrf.json", ctrfText(manifest));
 * ```
 */
export function ctrfText(manifest: Manifest): string {
  return JSON.stringify(ctrfJson(manifest), null, 2) + "\n";
}

function test(r: ManifestScenario): Json {
  const t: Json = {
    name: r.engine ? `${r.scenario} [${r.engine}]` : r.scenario,
    status: status(r.ok),
    duration: ms(r.duration_s),
  };
  if (!r.ok) {
    t.message = r.failure ?? "failed";
    t.trace = failureDetails(r);
  }
  t.steps = [
    ...r.steps.map(step),
    ...r.skipped_steps.map((s) => ({
      name: s.action,
      status: "skipped",
      extra: { index: s.index, duration: 0, reason: "" },
    })),
  ];
  if (r.engine) t.browser = r.engine;
  const device = r.device_name && r.device_runtime
    ? `${r.device_name} (${r.device_runtime})`
    : r.device_name || r.device_runtime;
  if (device) t.device = device;
  t.attachments = [...r.artifacts, ...stepArtifacts(r)].map(attachment);
  t.extra = testExtra(r);
  return t;
}

/**
 * One scenario over its attempts: the last attempt's test, `passed` only when every attempt
 * passed (a flaky scenario is failed and `flaky: true`, never a plain pass), the earlier attempts
 * as `retryAttempts`, and the attempts' sum as its duration.
 */
function repeatedTest(g: ManifestFlakyScenario, results: readonly ManifestScenario[]): Json {
  const attempts = results
    .filter((s) => s.scenario === g.scenario && s.engine === g.engine)
    .sort((a, b) => (a.repetition ?? 1) - (b.repetition ?? 1));
  const tests = attempts.map(test);
  const t: Json = { ...tests[tests.length - 1] };
  t.status = g.verdict === "stable-pass" ? "passed" : "failed";
  t.duration = ms(attempts.reduce((sum, a) => sum + a.duration_s, 0));
  if (g.verdict !== "stable-pass") {
    t.message = `${g.verdict}: ${g.fails} of ${g.attempts} attempts failed: ${
      g.reasons.join("; ")
    }`;
  }
  t.flaky = g.verdict === "flaky";
  t.retries = g.attempts - 1;
  t.retryAttempts = tests.slice(0, -1);
  t.extra = {
    ...(t.extra as Json),
    flakiness: {
      verdict: g.verdict,
      passes: g.passes,
      fails: g.fails,
      flip_rate: g.flip_rate,
      reasons: g.reasons,
      sids: g.sids,
      failed_sids: g.failed_sids,
    },
  };
  return t;
}

function attachment(a: ManifestArtifact): Json {
  return { name: a.name, contentType: contentType(a.kind), path: a.name };
}

function step(s: ManifestStep): Json {
  const extra: Json = { index: s.index, duration: ms(s.duration_s), reason: s.reason };
  if (s.assertion_results.length) extra.assertions = s.assertion_results.map(assertion);
  if (s.artifacts.length) {
    extra.artifacts = s.artifacts.map((a) => ({ name: a.name, kind: a.kind }));
  }
  if (s.generated !== null) extra.generated = s.generated;
  return { name: s.action, status: status(s.ok), extra };
}

function assertion(a: ManifestAssertion): Json {
  return { ok: a.ok, kind: a.kind, detail: a.detail, reason: a.reason };
}

function testExtra(r: ManifestScenario): Json {
  const extra: Json = { backend: r.backend, sid: r.sid };
  if (r.before_outcomes.length) extra.before = r.before_outcomes.map(step);
  if (r.after_outcomes.length) {
    extra.after = r.after_outcomes.map(step);
    extra.after_verdict = r.after_verdict;
  }
  if (r.expect_results.length) extra.expect = r.expect_results.map(assertion);
  const alerts = [
    ...[...r.before_outcomes, ...r.steps, ...r.after_outcomes].flatMap((s) => s.alerts),
    ...r.expect_alerts,
  ];
  if (alerts.length) extra.alerts = alerts.map((a) => ({ label: a.label }));
  if (r.skipped_captures.length) {
    extra.skipped_captures = r.skipped_captures.map((c) => ({ kind: c.kind, reason: c.reason }));
  }
  return extra;
}
