/**
 * The body of `POST /api/run`, checked field by field: every problem is a 400 naming the field.
 * Scenario paths are checked against the disk by `resolveScenarioFiles`.
 *
 * @module
 */
import { badRequest, HttpError } from "./errors.ts";
import { confinedPath, relativeSegments } from "./confine.ts";
import { attributeOf, RUN_OPTIONS, type RunOption } from "../runner/run_options.ts";

/** A checked value of a run option: a switch, an integer, a text or a list. */
export type RunOptionValue = boolean | number | string | string[];

/** A validated run request. */
export interface RunSpec {
  target: string;
  /** Scenario files relative to the target's scenarios folder, in the order given. */
  scenarios: string[];
  /** The request's run options by name (src/runner/run_options.ts), each checked. */
  options: Record<string, RunOptionValue>;
}

/** Fields of the reference API this runner does not implement yet: refused, never ignored. */
const UNSUPPORTED = ["alertInstruction", "evidence_prefix"];
/** Longest text a field may hold. */
const MAX_TEXT = 1000;

/** The options a request sets, each under its name and its older spellings. */
const FIELDS: ReadonlyMap<string, RunOption> = new Map(
  RUN_OPTIONS.filter((o) => o.serve === "field").flatMap((o) => [
    [o.name, o] as const,
    ...(o.aliases ?? []).map((a) => [attributeOf(a), o] as const),
  ]),
);
/** Options serve sets on every run itself. */
const SERVER_SET: ReadonlyMap<string, RunOption> = new Map(
  RUN_OPTIONS.filter((o) => o.serve === "server").map((o) => [o.name, o]),
);

/** True when `s` holds a C0 control character (a line break would split an argv). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 0x20) return true;
  return false;
}

/** A string, or a comma list, or an array of strings → trimmed non-empty items. */
function listField(body: Record<string, unknown>, field: string): string[] | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  const items = typeof v === "string"
    ? v.split(",")
    : Array.isArray(v) && v.every((x) => typeof x === "string")
    ? v as string[]
    : null;
  if (items === null) throw badRequest(`${field}: expected a string or a list of strings`);
  return items.map((s) => s.trim()).filter((s) => s !== "");
}

/** The checked value of `option` given as `field`, or undefined when it is absent or empty. */
function optionValue(
  body: Record<string, unknown>,
  field: string,
  option: RunOption,
): RunOptionValue | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  switch (option.kind) {
    case "boolean":
      if (typeof v !== "boolean") throw badRequest(`${field}: expected true or false`);
      return v;
    case "int":
      if (typeof v !== "number" || !Number.isInteger(v) || v < option.min || v > option.max) {
        throw badRequest(`${field}: expected an integer from ${option.min} to ${option.max}`);
      }
      return v;
    case "text":
      if (v === "") return undefined;
      if (typeof v !== "string" || v.length > MAX_TEXT || hasControl(v)) {
        throw badRequest(`${field}: expected one line of text`);
      }
      if (option.form && !option.form.valid(v)) {
        throw badRequest(`${field}: expected ${option.form.expected}`);
      }
      return v;
    case "list": {
      const items = listField(body, field)!;
      if (items.length === 0) return undefined;
      const rule = option.items;
      const bad = rule === undefined
        ? undefined
        : "pattern" in rule
        ? items.find((t) => !rule.pattern.test(t))
        : items.find((t) => !rule.choices.includes(t));
      if (rule !== undefined && bad !== undefined) {
        throw badRequest(
          "pattern" in rule
            ? `${field}: invalid ${rule.noun} ${JSON.stringify(bad)}`
            : `${field}: unknown ${rule.noun} ${JSON.stringify(bad)} (known: ${
              rule.choices.join(", ")
            })`,
        );
      }
      return items;
    }
  }
}

/**
 * Checks a decoded JSON body. Unknown fields, fields serve sets itself and fields this runner
 * does not support are 400s, so a client never believes an option took effect when it did not.
 */
export function parseRunBody(body: unknown): RunSpec {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("body: expected a JSON object");
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (UNSUPPORTED.includes(key)) {
      throw badRequest(`${key}: not supported by this version of bajutsu run`, "E_UNSUPPORTED");
    }
    const serverSet = SERVER_SET.get(key);
    if (serverSet) throw badRequest(`${key}: set by serve (${serverSet.serveWhy})`);
    if (key !== "target" && key !== "scenario" && !FIELDS.has(key)) {
      throw badRequest(`${key}: unknown field`);
    }
  }
  if (typeof b.target !== "string" || b.target.trim() === "") {
    throw badRequest("target: required (a target name of the config)");
  }
  const scenarios = b.scenario === undefined
    ? undefined
    : typeof b.scenario === "string"
    ? [b.scenario]
    : Array.isArray(b.scenario) && b.scenario.every((s) => typeof s === "string")
    ? b.scenario as string[]
    : null;
  if (scenarios === null) throw badRequest("scenario: expected a path or a list of paths");
  if (scenarios === undefined || scenarios.length === 0) {
    throw badRequest("scenario: required (a .yaml file of the target's scenarios folder)");
  }
  const options: Record<string, RunOptionValue> = {};
  // Declaration order, so an option given under two spellings keeps its first (the flag's own).
  for (const [field, option] of FIELDS) {
    if (options[option.name] !== undefined) continue;
    const value = optionValue(b, field, option);
    if (value !== undefined) options[option.name] = value;
  }
  return { target: b.target, scenarios, options };
}

/**
 * The absolute real paths of the requested scenario files, each an existing `.yaml`/`.yml` file
 * inside `scenariosDir` (symlinks leaving it count as missing): 400 otherwise.
 */
export async function resolveScenarioFiles(
  scenarios: readonly string[],
  scenariosDir: string,
): Promise<string[]> {
  const out: string[] = [];
  for (const rel of scenarios) {
    if (!/\.ya?ml$/i.test(rel)) {
      throw badRequest(`scenario: ${JSON.stringify(rel)} is not a .yaml file`, "E_SCENARIO");
    }
    let real: string;
    try {
      real = await confinedPath(scenariosDir, relativeSegments(rel, "scenario"));
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) {
        throw badRequest(
          `scenario: ${JSON.stringify(rel)} is not a file of the target's scenarios folder`,
          "E_SCENARIO",
        );
      }
      throw err;
    }
    if (!(await Deno.stat(real)).isFile) {
      throw badRequest(`scenario: ${JSON.stringify(rel)} is not a file`, "E_SCENARIO");
    }
    if (!out.includes(real)) out.push(real);
  }
  return out;
}
