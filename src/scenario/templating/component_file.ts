/**
 * Reads a component file (docs/scenario-language.md#components): a single mapping
 * `{params?: string[], steps}`. Only the shape is checked here; the steps are validated with the
 * scenario they end up in.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import type { PNode } from "../../yaml/pnode.ts";
import { parseYamlFile } from "../../yaml/parse.ts";
import { errorAt, indexPath } from "./load_error.ts";

/** A parsed component: declared params and its step list (a `seq` node, positions kept). */
export interface Component {
  params: string[];
  steps: PNode & { kind: "seq" };
}

const SHAPE = "a component file is a mapping {params?: [string], steps: [step]}";

/** Parses `file` and checks its shape; `component` is null when there are errors. */
export async function readComponentFile(
  file: string,
): Promise<{ component: Component | null; errors: LoadError[] }> {
  const parsed = await parseYamlFile(file);
  if (parsed.errors.length > 0) return { component: null, errors: parsed.errors };
  const node = parsed.node;
  const fail = (pos: PNode["pos"], path: string, message: string) => ({
    component: null,
    errors: [errorAt(pos, "E_COMPONENT", path, message)],
  });
  if (node === null) return fail({ file, line: 1, col: 1 }, "", `file is empty; ${SHAPE}`);
  if (node.kind !== "map") return fail(node.pos, "", `expected a mapping; ${SHAPE}`);

  const errors: LoadError[] = [];
  let steps: Component["steps"] | null = null;
  const params: string[] = [];
  for (const e of node.entries) {
    if (e.key === "steps") {
      if (e.value.kind === "seq") steps = e.value as Component["steps"];
      else errors.push(errorAt(e.value.pos, "E_COMPONENT", "steps", "steps must be a list"));
    } else if (e.key === "params") {
      if (e.value.kind !== "seq") {
        errors.push(errorAt(e.value.pos, "E_COMPONENT", "params", "params must be a list"));
        continue;
      }
      e.value.items.forEach((item, i) => {
        const path = indexPath("params", i);
        if (item.kind !== "scalar" || typeof item.value !== "string" || item.value === "") {
          errors.push(errorAt(item.pos, "E_COMPONENT", path, "a param name must be a string"));
        } else if (params.includes(item.value)) {
          errors.push(errorAt(item.pos, "E_COMPONENT", path, `duplicate param '${item.value}'`));
        } else {
          params.push(item.value);
        }
      });
    } else {
      errors.push(errorAt(e.keyPos, "E_COMPONENT", e.key, `unknown key '${e.key}'; ${SHAPE}`));
    }
  }
  if (steps === null && !node.entries.some((e) => e.key === "steps")) {
    errors.push(errorAt(node.pos, "E_COMPONENT", "", `missing 'steps'; ${SHAPE}`));
  }
  if (errors.length > 0 || steps === null) return { component: null, errors };
  return { component: { params, steps }, errors };
}
