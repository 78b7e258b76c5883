/**
 * Component files (docs/scenario-language.md#components): `{params?: string[], steps}`. Validated
 * in the raw mode (nested `use` allowed, `${params.*}` tokens deferred); the expanded steps are
 * checked again inside the scenario that uses them.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import type { PNode } from "../../yaml/pnode.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import { newContext } from "./validation_context.ts";
import { closedMap, field, required, seqNode } from "../../yaml/mapping.ts";
import { nonEmptyStr } from "../../yaml/scalars.ts";
import { stepList } from "./step.ts";

const COMPONENT_KEYS: ReadonlySet<string> = new Set(["params", "steps"]);

/** Checks a parsed component file; returns its problems. */
export function validateComponentNode(
  node: PNode,
): { params: string[]; errors: LoadError[]; warnings: LoadError[] } {
  const ctx = newContext(true);
  const params: string[] = [];
  const m = closedMap(ctx, node, "", COMPONENT_KEYS, "a component file {params?, steps}");
  if (m) {
    const p = field(m, "params");
    const ps = p && seqNode(ctx, p, "params", "a list of parameter names");
    ps?.items.forEach((item, i) => {
      const path = indexPath("params", i);
      const name = nonEmptyStr(ctx, item, path);
      if (name === undefined) return;
      if (params.includes(name)) {
        report(ctx, item.pos, "E_DUPLICATE_KEY", path, `parameter ${name} is declared twice`);
      } else params.push(name);
    });
    const st = required(ctx, m, "steps", "");
    if (st) stepList(ctx, st, keyPath("", "steps"));
  }
  return { params, errors: ctx.errors, warnings: ctx.warnings };
}
