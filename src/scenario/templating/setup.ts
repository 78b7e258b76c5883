/**
 * Setup preludes (docs/scenario-language.md#setup): `preconditions.setup` (else the config's
 * `setup`) names a scenario file; the steps of its first scenario are prepended to this scenario's
 * `steps`. Its other fields are ignored. Prelude steps keep their own positions, and may `use`
 * components (expansion runs after this stage).
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import { getEntry, type PNode, type SourcePos } from "../../yaml/pnode.ts";
import { parseYamlFile } from "../../yaml/parse.ts";
import type { TemplatingContext } from "./context.ts";
import { errorAt, keyPath } from "./load_error.ts";
import { resolveRef } from "./resolve_ref.ts";

/**
 * Prepends the setup prelude to the scenario's `steps`. The ref resolves from the top-level
 * file's directory. A scenario's own `setup` must stay inside the suite root; the config's
 * `setup` comes from the trusted config and is not confined. An empty `setup` counts as unset.
 */
export async function prependSetup(
  scenario: PNode,
  ctx: TemplatingContext,
  configSetup?: string,
): Promise<{ node: PNode; errors: LoadError[] }> {
  const unchanged = { node: scenario, errors: [] };
  if (scenario.kind !== "map") return unchanged;
  const base = ctx.scenarioPath ?? "";
  const pre = getEntry(scenario, "preconditions");
  const own = pre ? getEntry(pre.value, "setup") : undefined;
  const ownPath = keyPath(base, "preconditions.setup");
  if (own && (own.value.kind !== "scalar" || typeof own.value.value !== "string")) {
    const e = errorAt(own.value.pos, "E_TYPE", ownPath, "setup must be a string");
    return { node: scenario, errors: [e] };
  }
  const ownRef = own?.value.kind === "scalar" ? own.value.value as string : "";
  const ref = ownRef || configSetup || "";
  if (ref === "") return unchanged;
  const fromConfig = ownRef === "";
  const at = fromConfig ? scenario.pos : own!.value.pos;
  const path = fromConfig ? base : ownPath;
  const what = fromConfig ? `config setup '${ref}'` : `setup '${ref}'`;
  const fail = (pos: SourcePos, code: LoadError["code"], p: string, message: string) => ({
    node: scenario,
    errors: [errorAt(pos, code, p, message)],
  });

  const res = await resolveRef(ref, ctx, { trusted: fromConfig });
  if (res.kind === "outside") return fail(at, "E_REF_OUTSIDE_ROOT", path, `setup ${res.reason}`);
  if (res.kind === "missing") return fail(at, "E_IO", path, `${what}: ${res.reason} (${res.path})`);

  const parsed = await parseYamlFile(res.path);
  if (parsed.errors.length > 0) return { node: scenario, errors: parsed.errors };
  const first = firstScenario(parsed.node);
  const fileStart = { file: res.path, line: 1, col: 1 };
  if (!first) {
    return fail(
      parsed.node?.pos ?? fileStart,
      "E_FILE_SHAPE",
      "",
      `${what}: expected a scenario file (a list of scenarios or {scenarios: [...]}) ` +
        "with at least one scenario",
    );
  }
  const prelude = getEntry(first.node, "steps")?.value;
  if (!prelude || prelude.kind !== "seq") {
    return fail(
      prelude?.pos ?? first.node.pos,
      prelude ? "E_TYPE" : "E_REQUIRED",
      keyPath(first.path, "steps"),
      `${what}: its first scenario needs a 'steps' list`,
    );
  }

  const steps = getEntry(scenario, "steps");
  if (steps && steps.value.kind !== "seq") return unchanged; // the validator reports it
  const items = [...prelude.items, ...(steps?.value.kind === "seq" ? steps.value.items : [])];
  const entries = steps
    ? scenario.entries.map((e) => e === steps ? { ...e, value: { ...e.value, items } } : e)
    : [...scenario.entries, {
      key: "steps",
      keyPos: scenario.pos,
      value: { kind: "seq" as const, pos: scenario.pos, items },
    }];
  return { node: { ...scenario, entries }, errors: [] };
}

/** The first scenario of a scenario file (either top-level shape) and its YAML path. */
function firstScenario(file: PNode | null): { node: PNode; path: string } | null {
  if (!file) return null;
  const list = file.kind === "seq" ? file : getEntry(file, "scenarios")?.value;
  if (!list || list.kind !== "seq" || list.items.length === 0) return null;
  const node = list.items[0];
  if (node.kind !== "map") return null;
  return { node, path: file.kind === "seq" ? "[0]" : "scenarios[0]" };
}
