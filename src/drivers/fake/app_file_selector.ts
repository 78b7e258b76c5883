/**
 * Selectors in the fake app file: a bare string is an identifier (`submit` = `{id: submit}`),
 * a mapping takes the scenario selector keys (selectors-assertions.md §2).
 *
 * @module
 */
import type { PNode } from "../../scenario/pnode.ts";
import type { Selector } from "../../scenario/types.ts";
import { compileRegex, InvalidRegex } from "../../selectors/mod.ts";
import { join, type NodeReader } from "./app_file_reader.ts";
import { SELECTOR_FIELDS } from "../../scenario/validate/selector.ts";

/** Reads a selector; null after reporting an error. */
export function readSelector(r: NodeReader, node: PNode, path: string): Selector | null {
  if (node.kind === "scalar") {
    const id = r.name(node, path);
    return id === null ? null : { id };
  }
  const fields = r.map(node, path, SELECTOR_FIELDS);
  if (fields === null) return null;
  if (fields.size === 0) return r.fail(node, "E_SELECTOR_EMPTY", path, "selector has no fields");
  const sel: Selector = {};
  let ok = true;
  const check = <T>(v: T | null): v is T => {
    if (v === null) ok = false;
    return v !== null;
  };
  for (const [key, entry] of fields) {
    const at = join(path, key);
    const v = entry.value;
    switch (key) {
      case "id":
      case "idMatches": {
        const ids = v.kind === "seq" ? r.stringList(v, at) : r.name(v, at);
        if (Array.isArray(ids) && ids.length === 0) {
          r.fail(v, "E_ID_CANDIDATES", at, "an id list must not be empty");
          ok = false;
        } else if (check(ids)) sel[key] = ids;
        break;
      }
      case "label":
      case "value": {
        const s = r.text(v, at);
        if (check(s)) sel[key] = s;
        break;
      }
      case "labelMatches": {
        const s = r.string(v, at);
        if (check(s)) {
          try {
            compileRegex(s);
            sel.labelMatches = s;
          } catch (err) {
            if (!(err instanceof InvalidRegex)) throw err;
            r.fail(v, "E_REGEX", at, err.message);
            ok = false;
          }
        }
        break;
      }
      case "traits": {
        const t = r.stringList(v, at);
        if (check(t)) sel.traits = t;
        break;
      }
      case "within": {
        const w = readSelector(r, v, at);
        if (check(w)) sel.within = w;
        break;
      }
      case "index": {
        const i = r.integer(v, at);
        if (check(i)) sel.index = i;
        break;
      }
    }
  }
  return ok ? sel : null;
}
