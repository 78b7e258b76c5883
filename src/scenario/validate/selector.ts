/**
 * Selectors (docs/scenario-language.md#selectors): closed field set, at least one field, id
 * candidate lists, regexes compiled, `within` nested recursively, `index` only where it can
 * take effect.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Selector } from "../types.ts";
import { indexPath, keyPath, report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, type MapNode } from "../../yaml/mapping.ts";
import { int, str, strList } from "../../yaml/scalars.ts";
import { pattern } from "./pattern.ts";
import { describeNode } from "../../yaml/describe.ts";
import { SELECTOR_KEYS as SELECTOR_KEYS_ORDER } from "../../selectors/render.ts";

/** Selector field names in their canonical order. */
export const SELECTOR_FIELDS = SELECTOR_KEYS_ORDER;

/** The selector key set. */
export const SELECTOR_KEYS: ReadonlySet<string> = new Set(SELECTOR_FIELDS);

/**
 * Where a selector is used, as far as `index` goes: `pick` slots honour it (a unique resolution,
 * `exists` and the waits); in the others it could have no effect, so it is a load error
 * (docs/scenario-language.md#index).
 */
export type IndexUse = "pick" | "within" | "count" | "forEach";

/** Why `index` has no effect in each slot that rejects it. */
const INDEX_NO_EFFECT: Readonly<Record<Exclude<IndexUse, "pick">, string>> = {
  within: "index has no effect inside within: a within scope uses every match of its selector",
  count: "index has no effect in count: count counts every match",
  forEach: "index has no effect in forEach: forEach visits every match",
};

/** A selector slot; `use` says whether an `index` in it can take effect. */
export function selector(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  use: IndexUse = "pick",
): Selector | undefined {
  const m = closedMap(ctx, node, path, SELECTOR_KEYS, "a selector");
  return m ? selectorFields(ctx, m, path, use) : undefined;
}

/**
 * Reads the selector fields of a mapping whose keys were already checked by the caller (the
 * inline `exists` form shares its mapping with `negate`). Reports E_SELECTOR_EMPTY when none of
 * the fields is present.
 */
export function selectorFields(
  ctx: ValidationContext,
  m: MapNode,
  path: string,
  use: IndexUse = "pick",
): Selector {
  const sel: Selector = {};
  let present = 0;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    const v = e.value;
    switch (e.key) {
      case "id":
      case "idMatches": {
        present++;
        const c = candidates(ctx, v, p, e.key);
        if (c !== undefined) sel[e.key] = c;
        break;
      }
      case "label":
      case "value": {
        present++;
        const s = str(ctx, v, p);
        if (s !== undefined) sel[e.key] = s;
        break;
      }
      case "labelMatches": {
        present++;
        const s = pattern(ctx, v, p);
        if (s !== undefined) sel.labelMatches = s;
        break;
      }
      case "traits": {
        present++;
        const t = strList(ctx, v, p);
        if (t !== undefined) sel.traits = t;
        break;
      }
      case "within": {
        present++;
        const w = selector(ctx, v, p, "within");
        if (w !== undefined) sel.within = w;
        break;
      }
      case "index": {
        present++;
        const i = int(ctx, v, p);
        if (i !== undefined) sel.index = i;
        if (use !== "pick") report(ctx, e.keyPos, "E_INDEX_NO_EFFECT", p, INDEX_NO_EFFECT[use]);
        break;
      }
    }
  }
  if (present === 0) {
    report(
      ctx,
      m.pos,
      "E_SELECTOR_EMPTY",
      path,
      `selector needs at least one of ${SELECTOR_FIELDS.join(", ")}`,
    );
  }
  return sel;
}

/** `id` / `idMatches`: a string or a non-empty list of non-blank strings (E_ID_CANDIDATES). */
function candidates(
  ctx: ValidationContext,
  node: PNode,
  path: string,
  key: string,
): string | string[] | undefined {
  if (node.kind === "scalar" && typeof node.value === "string") {
    if (node.value.trim() === "") {
      report(ctx, node.pos, "E_ID_CANDIDATES", path, `${key} must not be blank`);
      return undefined;
    }
    return node.value;
  }
  if (node.kind !== "seq") {
    // Reuse the string reader's message (with its quoting hint) for scalars.
    if (node.kind === "scalar") return str(ctx, node, path);
    report(
      ctx,
      node.pos,
      "E_TYPE",
      path,
      `expected a string or a list of strings, got ${describeNode(node)}`,
    );
    return undefined;
  }
  if (node.items.length === 0) {
    report(ctx, node.pos, "E_ID_CANDIDATES", path, `${key} candidate list is empty`);
    return undefined;
  }
  const out: string[] = [];
  let ok = true;
  node.items.forEach((item, i) => {
    const p = indexPath(path, i);
    const s = str(ctx, item, p);
    if (s === undefined) {
      ok = false;
    } else if (s.trim() === "") {
      report(ctx, item.pos, "E_ID_CANDIDATES", p, `${key} candidate ${i} is blank`);
      ok = false;
    } else {
      out.push(s);
    }
  });
  if (!ok) return undefined;
  if (!out[0].includes(".") && out.some((c) => c.includes("."))) {
    report(
      ctx,
      node.pos,
      "E_ID_CANDIDATES",
      path,
      `${key} candidates: when any candidate is dotted the first must be too ` +
        `(entry 0 is the representative id), got ${JSON.stringify(out)}`,
    );
    return undefined;
  }
  return out;
}
