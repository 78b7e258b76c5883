/**
 * junit.xml (docs/reports.md#junitxml): one `<testcase>` per scenario, a `<failure>` on failed
 * ones. Each case also carries a `<system-out>` with the step list and `[[ATTACHMENT|<path>]]`
 * lines, the convention Jenkins (junit-attachments) and GitLab use to attach screenshots to a test.
 *
 * @module
 */
import type { Manifest, ManifestScenario } from "./manifest_types.ts";
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
  const results = manifest.scenarios;
  const failures = results.filter((r) => !r.ok).length;
  const cases = results.map((r) => testcase(r, opts.attachmentPrefix ?? ""));
  return `<testsuite name="bajutsu" tests="${results.length}" failures="${failures}">` +
    cases.join("") + "</testsuite>";
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
