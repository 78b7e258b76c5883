/**
 * Selectors in the fake app file: a bare string is an identifier (`submit` = `{id: submit}`),
 * a mapping takes the scenario selector keys (docs/scenario-language.md#selectors).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { keyPath, type ReadContext, report } from "../../yaml/read_context.ts";
import { closedEntries } from "../../yaml/mapping.ts";
import { int, nonEmptyStr, str, strList } from "../../yaml/scalars.ts";
import type { Selector } from "../../scenario/types.ts";
import { compileRegex, InvalidRegex } from "../../selectors/mod.ts";
import { SELECTOR_FIELDS } from "../../scenario/validate/selector.ts";
import { text } from "./app_file_values.ts";

/** Reads a selector; undefined after reporting an error. */
export function readSelector(ctx: ReadContext, node: PNode, path: string): Selector | undefined {
  if (node.kind === "scalar") {
    const id = nonEmptyStr(ctx, node, path);
    return id === undefined ? undefined : { id };
  }
  const fields = closedEntries(ctx, node, path, SELECTOR_FIELDS);
  if (fields === undefined) return undefined;
  if (fields.size === 0) {
    return report(ctx, node.pos, "E_SELECTOR_EMPTY", path, "selector has no fields");
  }
  const sel: Selector = {};
  let ok = true;
  const check = <T>(v: T | undefined): v is T => {
    if (v === undefined) ok = false;
    return v !== undefined;
  };
  for (const [key, entry] of fields) {
    const at = keyPath(path, key);
    const v = entry.value;
    switch (key) {
      case "id":
      case "idMatches": {
        const ids = v.kind === "seq" ? strList(ctx, v, at) : nonEmptyStr(ctx, v, at);
        if (Array.isArray(ids) && ids.length === 0) {
          report(ctx, v.pos, "E_ID_CANDIDATES", at, "an id list must not be empty");
          ok = false;
        } else if (check(ids)) sel[key] = ids;
        break;
      }
      case "label":
      case "value": {
        const s = text(ctx, v, at);
        if (check(s)) sel[key] = s;
        break;
      }
      case "labelMatches": {
        const s = str(ctx, v, at);
        if (check(s)) {
          try {
            compileRegex(s);
            sel.labelMatches = s;
          } catch (err) {
            if (!(err instanceof InvalidRegex)) throw err;
            report(ctx, v.pos, "E_REGEX", at, err.message);
            ok = false;
          }
        }
        break;
      }
      case "traits": {
        const t = strList(ctx, v, at);
        if (check(t)) sel.traits = t;
        break;
      }
      case "within": {
        const w = readSelector(ctx, v, at);
        if (check(w)) sel.within = w;
        break;
      }
      case "index": {
        const i = int(ctx, v, at);
        if (check(i)) sel.index = i;
        break;
      }
    }
  }
  return ok ? sel : undefined;
}
