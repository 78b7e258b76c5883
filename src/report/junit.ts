/**
 * junit.xml (docs/reports.md#junitxml): one `<testcase>` per scenario, a `<failure>` on failed
 * ones. Each case also carries a `<system-out>` with the step list and `[[ATTACHMENT|<path>]]`
 * lines, the convention Jenkins (junit-attachments) and GitLab use to attach screenshots to a test.
 * A run with `--repeat`/`--retries` has one `<testcase>` per scenario over all its attempts, with
 * its flakiness verdict as properties (docs/reports.md#flakiness).
 *
 * @module
 */
import type { Manifest, ManifestScenario } from "./manifest_types.ts";
import type { ManifestFlakyScenario } from "./flakiness.ts";
import { failureDetails, fullStepList, stepArtifacts } from "./step_lines.ts";
import { xmlAttr, xmlText } from "./xml.ts";

/**
 * Options of {@link junitXml}.
 *
 * @example
 * ```ts
 * junitXml(manifest, { attachmentPrefix: "runs/20240501-101500/" } satisfies JunitOptions);
 * ```
 */
export interface JunitOptions {
  /**
   * Prefix of attachment paths, e.g. `runs/20240501-101500/`, so CI resolves them from the
   * workspace root. "" (default) leaves them relative to the run dir.
   */
  attachmentPrefix?: string;
}

/** Artifact kinds worth attaching to a CI test result. */
const ATTACHED_KINDS: ReadonlySet<string> = new Set(["screenshot", "video"]);

/**
 * The JUnit XML of a run, without an XML declaration.
 *
 * @example
 * ```ts
 * junitXml(manifest); // '<testsuite name="bajutsu" tests="1" failures="0"><testcase …'
 * ```
 */
export function junitXml(manifest: Manifest, opts: JunitOptions = {}): string {
  const prefix = opts.attachmentPrefix ?? "";
  if (manifest.flakiness) {
    const groups = manifest.flakiness.scenarios;
    const failures = groups.filter((g) => g.verdict !== "stable-pass").length;
    const cases = groups.map((g) => repeatedTestcase(g, attemptsOf(manifest, g), prefix));
    return `<testsuite name="bajutsu" tests="${groups.length}" failures="${failures}">` +
      cases.join("") + "</testsuite>";
  }
  const results = manifest.scenarios;
  const failures = results.filter((r) => !r.ok).length;
  const cases = results.map((r) => testcase(r, prefix));
  return `<testsuite name="bajutsu" tests="${results.length}" failures="${failures}">` +
    cases.join("") + "</testsuite>";
}

/** A repeated scenario's attempts, in attempt order. */
function attemptsOf(m: Manifest, g: ManifestFlakyScenario): ManifestScenario[] {
  return m.scenarios
    .filter((s) => s.scenario === g.scenario && s.engine === g.engine)
    .sort((a, b) => (a.repetition ?? 1) - (b.repetition ?? 1));
}

/**
 * One scenario over its attempts: the verdict as properties (`flaky` true or false), a
 * `<failure>` unless every attempt passed (a flaky scenario is never a plain pass), each failed
 * attempt's details, and the failed attempts' screenshots attached.
 */
function repeatedTestcase(
  g: ManifestFlakyScenario,
  attempts: ManifestScenario[],
  prefix: string,
): string {
  const classname = g.engine ? `bajutsu.${g.engine}` : "bajutsu";
  const props = [
    ["verdict", g.verdict],
    ["flaky", String(g.verdict === "flaky")],
    ["attempts", String(g.attempts)],
    ["passes", String(g.passes)],
    ["fails", String(g.fails)],
    ["flip_rate", g.flip_rate.toFixed(2)],
  ].map(([k, v]) => `<property name="${k}" value="${xmlAttr(v)}" />`).join("");
  let body = `<properties>${props}</properties>`;
  const failed = attempts.filter((a) => !a.ok);
  if (g.verdict !== "stable-pass") {
    const message = `${g.verdict}: ${g.fails} of ${g.attempts} attempts failed: ${
      g.reasons.join("; ")
    }`;
    const details = failed.map((a) =>
      `attempt ${a.repetition ?? 1} (${a.sid}):\n${failureDetails(a)}`
    );
    body += `<failure message="${xmlAttr(message)}">${xmlText(details.join("\n"))}</failure>`;
  }
  const out = attempts.map((a) =>
    `attempt ${a.repetition ?? 1}: ${
      a.ok ? "passed" : `failed — ${a.failure ?? "failed"}`
    } (${a.sid})`
  );
  const shown = failed.length > 0 ? failed : attempts.slice(-1);
  for (const a of shown) {
    const attached = [...stepArtifacts(a), ...a.artifacts].filter((x) =>
      ATTACHED_KINDS.has(x.kind)
    );
    for (const x of attached) out.push(`[[ATTACHMENT|${prefix}${x.name}]]`);
  }
  body += `<system-out>${xmlText(out.join("\n") + "\n")}</system-out>`;
  return `<testcase name="${xmlAttr(g.scenario)}" classname="${
    xmlAttr(classname)
  }">${body}</testcase>`;
}

function testcase(r: ManifestScenario, prefix: string): string {
  const classname = r.engine ? `bajutsu.${r.engine}` : "bajutsu";
  let body = "";
  if (!r.ok) {
    body += `<failure message="${xmlAttr(r.failure ?? "failed")}">${
      xmlText(failureDetails(r))
    }</failure>`;
  }
  const out = fullStepList(r);
  const attached = [...stepArtifacts(r), ...r.artifacts].filter((a) => ATTACHED_KINDS.has(a.kind));
  for (const a of attached) out.push(`[[ATTACHMENT|${prefix}${a.name}]]`);
  if (out.length > 0) body += `<system-out>${xmlText(out.join("\n") + "\n")}</system-out>`;
  const open = `<testcase name="${xmlAttr(r.scenario)}" classname="${xmlAttr(classname)}"`;
  return body ? `${open}>${body}</testcase>` : `${open} />`;
}
