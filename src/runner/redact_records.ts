/**
 * The last redaction pass before the reports (docs/redaction.md): every text a scenario's
 * record carries (failure, reasons, details, selectors, vars, alert labels, actuations) goes
 * through the scenario's redactor (`redactMessage`: secrets in every spelling, credential
 * shapes), so manifest.json, junit.xml, ctrf.json, report.html and the GitHub annotations all
 * derive from masked data. The loop masks secrets already; this pass covers the texts it does
 * not write itself (an `error: …` from a crashed scenario) and the credential shapes.
 *
 * Paths inside the run (sid, artifact names, visual baselines) and the scenario file are kept
 * as written: they name files on disk, and masking them would only break the links.
 *
 * @module
 */
import type { Redactor } from "../evidence/redact.ts";
import type { ScenarioRecord } from "../report/model.ts";

type Keep = ReadonlySet<string>;

/** Fields kept verbatim in any record object. */
const PATHS: Keep = new Set(["sid", "file"]);
/** An artifact: its name is a run-dir path; kind and provider are enum-like. */
const ARTIFACT: Keep = new Set(["name", "kind", "provider"]);
/** A visual result: baseline and image paths, the comparison engine. */
const VISUAL: Keep = new Set(["baselineName", "baseline", "actual", "diff", "engine"]);
const NOTHING: Keep = new Set();

/** What to keep inside the value stored under `key`. */
function keepUnder(key: string): Keep {
  switch (key) {
    case "artifacts":
      return ARTIFACT;
    case "visual":
      return VISUAL;
    case "vars":
      return NOTHING;
    default:
      return PATHS;
  }
}

/**
 * `value` with its texts masked. Copy on write: an object or array none of whose texts changed
 * is returned as it is, so a clean record costs a walk, not a deep copy.
 */
function scrub(value: unknown, keep: Keep, text: (s: string) => string): unknown {
  if (typeof value === "string") return text(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item === null || (typeof item !== "string" && typeof item !== "object")) continue;
      const v = scrub(item, keep, text);
      if (v !== item) (out ??= [...value])[i] = v;
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const k in record) {
    const v = record[k];
    // Numbers, booleans and nulls are most of a record: no call for them.
    if (v === null || (typeof v !== "string" && typeof v !== "object")) continue;
    if (typeof v === "string" && keep.has(k)) continue;
    const masked = scrub(v, keepUnder(k), text);
    if (masked !== v) (out ??= { ...record })[k] = masked;
  }
  return out ?? value;
}

/**
 * Masks records; see {@link recordRedactor}.
 *
 * @example
 * ```ts
 * const redact: RecordRedactor = recordRedactor(redactor);
 * const safe = redact(record); // texts masked; sid, file and artifact names kept
 * ```
 */
export type RecordRedactor = (record: ScenarioRecord) => ScenarioRecord;

/**
 * A function returning `record` with every text masked by `redactor` (paths kept, see the
 * module doc); the input is never changed, and parts with nothing to mask are shared with it.
 * Texts repeat a lot across a run's records (actions, gestures, ids), so each distinct text is
 * masked once per returned function.
 *
 * @example
 * ```ts
 * const safe = recordRedactor(new Redactor({ secrets: ["hunter2"] }))(record);
 * ```
 */
export function recordRedactor(redactor: Redactor): RecordRedactor {
  const seen = new Map<string, string>();
  const text = (s: string) => {
    let masked = seen.get(s);
    if (masked === undefined) seen.set(s, masked = redactor.redactMessage(s));
    return masked;
  };
  return (record) => scrub(record, PATHS, text) as ScenarioRecord;
}
