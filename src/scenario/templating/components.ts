/**
 * Component expansion (docs/scenario-language.md#components): every `use: {component, with?}` step
 * is replaced by the component's steps with `${params.*}` substituted, recursively, so no `use`
 * survives loading. Spliced steps keep their own positions, so later errors point into the
 * component.
 *
 * @module
 */
import type { LoadError } from "../../yaml/load_error.ts";
import { getEntry, type PEntry, type PNode } from "../../yaml/pnode.ts";
import { interpolatePNode, namespaceLookup, tokensInPNode } from "../interpolate.ts";
import type { TemplatingContext } from "./context.ts";
import { type Component, readComponentFile } from "./component_file.ts";
import { errorAt, indexPath, keyPath } from "./load_error.ts";
import { resolveRef } from "./resolve_ref.ts";
import { mapNestedStepLists, mapScenarioStepLists } from "./step_lists.ts";

/** Deepest allowed `use` nesting; one more is a runaway chain. */
export const MAX_COMPONENT_DEPTH = 25;

/** One `use` on the expansion stack: the ref as written and the file it resolved to. */
interface Frame {
  ref: string;
  realPath: string;
}

/** A `use` payload once its shape is checked. */
interface UseCall {
  ref: string;
  refNode: PNode;
  args: Record<string, string>;
}

/**
 * Expands every `use` step in every step list of the scenario (including inside control flow
 * and inside component steps). Refs resolve from the top-level file's directory and must stay
 * inside the suite root. Each component file is read once per call. A failing `use` expands to
 * nothing and adds its errors; the rest of the scenario is still expanded.
 */
export async function expandComponents(
  scenario: PNode,
  ctx: TemplatingContext,
): Promise<{ node: PNode; errors: LoadError[] }> {
  const errors: LoadError[] = [];
  // realPath → component (null: unreadable; its errors were reported on first load).
  const cache = new Map<string, Component | null>();

  const expandList = async (list: PNode, path: string, stack: Frame[]): Promise<PNode> => {
    if (list.kind !== "seq") return list;
    const items: PNode[] = [];
    for (const [i, step] of list.items.entries()) {
      const stepPath = indexPath(path, i);
      const use = getEntry(step, "use");
      if (use) {
        items.push(...await expandUse(use, keyPath(stepPath, "use"), stack));
      } else {
        items.push(
          await mapNestedStepLists(step, stepPath, (l, p) => expandList(l, p, stack)),
        );
      }
    }
    return { ...list, items };
  };

  const expandUse = async (use: PEntry, path: string, stack: Frame[]): Promise<PNode[]> => {
    const call = readUse(use, path, errors);
    if (!call) return [];
    const refPath = keyPath(path, "component");
    const fail = (code: LoadError["code"], at: PNode, p: string, message: string) => {
      errors.push(errorAt(at.pos, code, p, message));
      return [];
    };

    const res = await resolveRef(call.ref, ctx);
    if (res.kind === "outside") {
      return fail("E_REF_OUTSIDE_ROOT", call.refNode, refPath, `component ${res.reason}`);
    }
    if (res.kind === "missing") {
      return fail(
        "E_COMPONENT",
        call.refNode,
        refPath,
        `component '${call.ref}': ${res.reason} (${res.path})`,
      );
    }
    const chain = [...stack.map((f) => f.ref), call.ref].join(" -> ");
    if (stack.some((f) => f.realPath === res.realPath)) {
      return fail("E_COMPONENT", call.refNode, refPath, `component cycle: ${chain}`);
    }
    if (stack.length + 1 > MAX_COMPONENT_DEPTH) {
      return fail(
        "E_COMPONENT",
        call.refNode,
        refPath,
        `component nesting deeper than ${MAX_COMPONENT_DEPTH}: ${chain}`,
      );
    }

    if (!cache.has(res.realPath)) {
      const read = await readComponentFile(res.path);
      errors.push(...read.errors);
      cache.set(res.realPath, read.component);
    }
    const component = cache.get(res.realPath);
    if (!component) return [];

    const given = Object.keys(call.args);
    const missing = component.params.filter((p) => !given.includes(p)).sort();
    const unknown = given.filter((p) => !component.params.includes(p)).sort();
    if (missing.length > 0 || unknown.length > 0) {
      if (missing.length > 0) {
        fail(
          "E_COMPONENT",
          use.value,
          path,
          `component '${call.ref}' is missing param(s): ${missing.join(", ")}`,
        );
      }
      if (unknown.length > 0) {
        fail(
          "E_COMPONENT",
          getEntry(use.value, "with")?.value ?? use.value,
          keyPath(path, "with"),
          `component '${call.ref}' got unknown param(s): ${unknown.join(", ")}` +
            ` (declared: ${component.params.join(", ") || "none"})`,
        );
      }
      return [];
    }

    const steps = interpolatePNode(component.steps, namespaceLookup({ params: call.args }));
    const residual = tokensInPNode(steps, "steps").filter((t) => t.ns === "params");
    if (residual.length > 0) {
      for (const t of residual) {
        const message = `component '${call.ref}' uses undeclared param '${t.key}'` +
          ` (declared: ${component.params.join(", ") || "none"})`;
        errors.push(errorAt(t.pos, "E_COMPONENT", t.path, message));
      }
      return [];
    }
    const expanded = await expandList(steps, "steps", [...stack, {
      ref: call.ref,
      realPath: res.realPath,
    }]);
    return expanded.kind === "seq" ? expanded.items : [];
  };

  const node = await mapScenarioStepLists(
    scenario,
    ctx.scenarioPath ?? "",
    (l, p) => expandList(l, p, []),
  );
  return { node, errors: dedupe(errors) };
}

/** Checks a `use` payload: `{component: string, with?: {string: string}}`. */
function readUse(use: PEntry, path: string, errors: LoadError[]): UseCall | null {
  const v = use.value;
  if (v.kind !== "map") {
    errors.push(errorAt(v.pos, "E_TYPE", path, "use must be a mapping {component, with?}"));
    return null;
  }
  let ok = true;
  let ref: string | null = null;
  let refNode: PNode = v;
  const args: Record<string, string> = {};
  for (const e of v.entries) {
    const p = keyPath(path, e.key);
    if (e.key === "component") {
      refNode = e.value;
      if (e.value.kind === "scalar" && typeof e.value.value === "string" && e.value.value !== "") {
        ref = e.value.value;
      } else {
        errors.push(errorAt(e.value.pos, "E_TYPE", p, "component must be a non-empty string"));
        ok = false;
      }
    } else if (e.key === "with") {
      if (e.value.kind !== "map") {
        errors.push(errorAt(e.value.pos, "E_TYPE", p, "with must be a mapping of strings"));
        ok = false;
        continue;
      }
      for (const a of e.value.entries) {
        if (a.value.kind === "scalar" && typeof a.value.value === "string") {
          args[a.key] = a.value.value;
        } else {
          errors.push(
            errorAt(a.value.pos, "E_TYPE", keyPath(p, a.key), "param values must be strings"),
          );
          ok = false;
        }
      }
    } else {
      errors.push(errorAt(e.keyPos, "E_UNKNOWN_KEY", p, `unknown key '${e.key}' in use`));
      ok = false;
    }
  }
  if (ref === null && !getEntry(v, "component")) {
    errors.push(errorAt(v.pos, "E_REQUIRED", path, "use requires 'component'"));
    ok = false;
  }
  return ok && ref !== null ? { ref, refNode, args } : null;
}

/** The same component error reached through several uses is reported once. */
function dedupe(errors: LoadError[]): LoadError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.file}\0${e.line}\0${e.col}\0${e.code}\0${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
