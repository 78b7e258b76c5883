/**
 * Whole scenario files (docs/scenario-language.md#files): the two top-level shapes, the `schema`
 * gate, and the entry points the load pipeline calls for the raw and the typed pass.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import type { PNode } from "../../yaml/pnode.ts";
import type { Scenario } from "../types.ts";
import { indexPath, report } from "../../yaml/read_context.ts";
import { newContext, type ValidationContext } from "./validation_context.ts";
import { closedMap, field, type MapNode } from "../../yaml/mapping.ts";
import { str } from "../../yaml/scalars.ts";
import { scenario } from "./scenario.ts";
import { describeNode } from "../../yaml/describe.ts";
import { closest } from "../../yaml/suggest.ts";
import { MAX_SCENARIOS_PER_FILE } from "../input_limits.ts";

/** The newest scenario file schema this loader understands. */
export const SUPPORTED_SCHEMA = 1;

const WRAPPER_KEYS: ReadonlySet<string> = new Set(["schema", "description", "scenarios"]);

/** A scenario found by the raw pass, with what the load pipeline still has to do to it. */
export interface RawScenario {
  /** The scenario mapping as written. */
  node: PNode;
  /** `scenarios[i]`. */
  path: string;
  /** The typed result; final only when `needsSecondPass` is false. */
  scenario?: Scenario;
  /** Templating (use/setup/data) or a deferred token requires a typed pass after expansion. */
  needsSecondPass: boolean;
  usesComponents: boolean;
  hasData: boolean;
  hasSetup: boolean;
}

/** The raw pass over one file. */
export interface RawFileResult {
  scenarios: RawScenario[];
  errors: LoadError[];
  warnings: LoadError[];
}

/**
 * Raw pass: shape, schema and every scenario, with `use` steps allowed and load-time tokens in
 * non-text slots deferred. `node` is the parsed document (null for an empty file).
 */
export function validateScenarioFile(node: PNode | null, file: string): RawFileResult {
  const ctx = newContext(true);
  const out: RawFileResult = { scenarios: [], errors: ctx.errors, warnings: ctx.warnings };
  if (node === null) {
    report(ctx, { file, line: 1, col: 1 }, "E_FILE_SHAPE", "", `empty file; ${SHAPES}`);
    return out;
  }
  const list = scenarioList(ctx, node);
  if (!list) return out;
  if (list.items.length > MAX_SCENARIOS_PER_FILE) {
    const first = list.items[MAX_SCENARIOS_PER_FILE];
    const message = `${list.items.length} scenarios in one file; the limit is ` +
      `${MAX_SCENARIOS_PER_FILE} (docs/input-limits.md): split the file`;
    report(ctx, first.pos, "E_SIZE_LIMIT", indexPath("scenarios", MAX_SCENARIOS_PER_FILE), message);
    return out;
  }
  list.items.forEach((item, i) => {
    const path = indexPath("scenarios", i);
    ctx.deferred = false;
    ctx.usesComponents = false;
    const s = scenario(ctx, item, path);
    const hasData = item.kind === "map" &&
      (field(item, "data") !== undefined || field(item, "dataFile") !== undefined);
    const pre = item.kind === "map" ? field(item, "preconditions") : undefined;
    const hasSetup = pre?.kind === "map" && field(pre, "setup") !== undefined;
    out.scenarios.push({
      node: item,
      path,
      scenario: s,
      needsSecondPass: ctx.deferred || ctx.usesComponents || hasData || hasSetup,
      usesComponents: ctx.usesComponents,
      hasData,
      hasSetup,
    });
  });
  return out;
}

/** Typed pass over one (expanded) scenario mapping. */
export function validateScenarioNode(
  node: PNode,
  path: string,
): { scenario?: Scenario; errors: LoadError[]; warnings: LoadError[] } {
  const ctx = newContext(false);
  const s = scenario(ctx, node, path);
  return { scenario: ctx.errors.length === 0 ? s : undefined, ...ctx };
}

const SHAPES = "a scenario file is a list of scenarios or a mapping {schema?, description?, " +
  "scenarios}";

/** The scenario sequence of either file shape, after the schema gate; undefined when fatal. */
function scenarioList(
  ctx: ValidationContext,
  node: PNode,
): Extract<PNode, { kind: "seq" }> | undefined {
  if (node.kind === "seq") return node;
  if (node.kind !== "map") {
    report(ctx, node.pos, "E_FILE_SHAPE", "", `${SHAPES}; got ${describeNode(node)}`);
    return undefined;
  }
  const schema = field(node, "schema");
  if (schema && !schemaOk(ctx, schema)) return undefined;
  const scenarios = field(node, "scenarios");
  if (!scenarios) {
    report(ctx, node.pos, "E_FILE_SHAPE", "", `${SHAPES}; ${shapeHint(node)}`);
    return undefined;
  }
  closedMap(ctx, node, "", WRAPPER_KEYS, "a scenario file");
  const d = field(node, "description");
  if (d) str(ctx, d, "description");
  if (scenarios.kind !== "seq") {
    report(
      ctx,
      scenarios.pos,
      "E_TYPE",
      "scenarios",
      `expected a list of scenarios, got ${describeNode(scenarios)}`,
    );
    return undefined;
  }
  return scenarios;
}

/** Why a mapping without `scenarios` is not a scenario file, in the author's terms. */
function shapeHint(node: MapNode): string {
  const keys = node.entries.map((e) => e.key);
  if (isComponentShape(node)) {
    return "this mapping looks like a component file ({params?, steps}), which is used via `use`";
  }
  if (keys.includes("name") || keys.includes("steps")) {
    return "a single scenario must be written as a list item (`- name: …`)";
  }
  const guess = keys.map((k) => closest(k, ["scenarios"])).find((g) => g !== undefined);
  const seen = keys.length ? `keys seen: ${keys.join(", ")}` : "the mapping is empty";
  return guess ? `${seen} (did you mean "scenarios"?)` : `no "scenarios" key; ${seen}`;
}

/** E_SCHEMA_TOO_NEW / E_SCHEMA_INVALID; true when the file may be read. */
function schemaOk(ctx: ValidationContext, node: PNode): boolean {
  let n: number | undefined;
  if (node.kind === "scalar") {
    const v = node.value;
    if (typeof v === "number" && Number.isInteger(v)) n = v;
    else if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) n = Number(v);
  }
  if (n === undefined || n < 1) {
    report(
      ctx,
      node.pos,
      "E_SCHEMA_INVALID",
      "schema",
      `schema must be an integer >= 1 (this bajutsu reads schema ${SUPPORTED_SCHEMA}), got ` +
        describeNode(node),
    );
    return false;
  }
  if (n > SUPPORTED_SCHEMA) {
    report(
      ctx,
      node.pos,
      "E_SCHEMA_TOO_NEW",
      "schema",
      `file uses schema ${n} but this bajutsu supports schema ${SUPPORTED_SCHEMA}; upgrade ` +
        "bajutsu to load it",
    );
    return false;
  }
  return true;
}

/**
 * A component file's shape: a mapping with `steps` and neither `name` nor `scenarios`
 * (folder expansion validates such files as components, not scenarios).
 */
export function isComponentShape(node: PNode | null): boolean {
  return node !== null && node.kind === "map" && field(node, "steps") !== undefined &&
    field(node, "name") === undefined && field(node, "scenarios") === undefined;
}
