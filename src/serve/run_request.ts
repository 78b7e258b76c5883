/**
 * The body of `POST /api/run`, checked field by field: every problem is a 400 naming the field.
 * Scenario paths are checked against the disk by `resolveScenarioFiles`.
 *
 * @module
 */
import { BROWSERS } from "../config/types.ts";
import { badRequest, HttpError } from "./errors.ts";
import { confinedPath, relativeSegments } from "./confine.ts";
import { BACKENDS } from "../drivers/registry.ts";

/** A validated run request. */
export interface RunSpec {
  target: string;
  /** Scenario files relative to the target's scenarios folder, in the order given. */
  scenarios: string[];
  backend?: string[];
  workers?: number;
  erase?: boolean;
  systemAlertHandling?: boolean;
  headed?: boolean;
  tags: string[];
  exclude: string[];
  browsers?: string[];
  /** Simulator udids or names (`--udid`). */
  udids?: string[];
  logPredicate?: string;
  logSubsystem?: string;
}

/** Backend tokens `bajutsu run --backend` knows (platforms and actuators), from the registry. */
export const BACKEND_TOKENS: readonly string[] = BACKENDS.flatMap((d) => d.tokens);

/** Fields of the reference API this runner does not implement yet: refused, never ignored. */
const UNSUPPORTED = ["network", "zip", "alertInstruction", "evidence_prefix"];
const KNOWN: ReadonlySet<string> = new Set([
  "target",
  "scenario",
  "backend",
  "workers",
  "erase",
  "systemAlertHandling",
  "headed",
  "tag",
  "exclude",
  "browser",
  "browsers",
  "udid",
  "logPredicate",
  "logSubsystem",
]);
const TAG = /^[A-Za-z0-9_.:-]+$/;
/** A simulator udid or name (`iPhone 16 (bajutsu 1)`): never an option, never a control char. */
const DEVICE = /^[A-Za-z0-9][A-Za-z0-9 ._():'’-]{0,127}$/;
const MAX_WORKERS = 64;

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

function boolField(body: Record<string, unknown>, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "boolean") throw badRequest(`${field}: expected true or false`);
  return v;
}

/**
 * Checks a decoded JSON body. Unknown fields and fields this runner does not support are 400s,
 * so a client never believes an option took effect when it did not.
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
    if (!KNOWN.has(key)) throw badRequest(`${key}: unknown field`);
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
  const spec: RunSpec = {
    target: b.target,
    scenarios,
    tags: listField(b, "tag") ?? [],
    exclude: listField(b, "exclude") ?? [],
  };
  for (const [field, tags] of [["tag", spec.tags], ["exclude", spec.exclude]] as const) {
    const bad = tags.find((t) => !TAG.test(t));
    if (bad !== undefined) throw badRequest(`${field}: invalid tag ${JSON.stringify(bad)}`);
  }
  const backend = listField(b, "backend");
  if (backend !== undefined && backend.length > 0) {
    const bad = backend.find((t) => !BACKEND_TOKENS.includes(t));
    if (bad !== undefined) {
      throw badRequest(
        `backend: unknown backend token ${JSON.stringify(bad)} (known: ${
          BACKEND_TOKENS.join(", ")
        })`,
      );
    }
    spec.backend = backend;
  }
  if (b.workers !== undefined && b.workers !== null) {
    const w = b.workers;
    if (typeof w !== "number" || !Number.isInteger(w) || w < 1 || w > MAX_WORKERS) {
      throw badRequest(`workers: expected an integer from 1 to ${MAX_WORKERS}`);
    }
    spec.workers = w;
  }
  spec.erase = boolField(b, "erase");
  spec.systemAlertHandling = boolField(b, "systemAlertHandling");
  spec.headed = boolField(b, "headed");
  const browsers = listField(b, "browsers") ?? listField(b, "browser");
  if (browsers !== undefined && browsers.length > 0) {
    const field = b.browsers !== undefined ? "browsers" : "browser";
    const bad = browsers.find((e) => !(BROWSERS as readonly string[]).includes(e));
    if (bad !== undefined) {
      throw badRequest(
        `${field}: unknown browser engine ${JSON.stringify(bad)} (known: ${BROWSERS.join(", ")})`,
      );
    }
    spec.browsers = browsers;
  }
  const udids = listField(b, "udid");
  if (udids !== undefined && udids.length > 0) {
    const bad = udids.find((u) => !DEVICE.test(u));
    if (bad !== undefined) throw badRequest(`udid: invalid device ${JSON.stringify(bad)}`);
    spec.udids = udids;
  }
  for (const field of ["logPredicate", "logSubsystem"] as const) {
    const v = b[field];
    if (v === undefined || v === null || v === "") continue;
    if (typeof v !== "string" || v.length > 1000 || hasControl(v)) {
      throw badRequest(`${field}: expected one line of text`);
    }
    spec[field] = v;
  }
  return spec;
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
