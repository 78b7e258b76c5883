/**
 * Where YAML text first nests deeper than `MAX_NESTING_DEPTH`, read from the `yaml` library's
 * concrete syntax tree (built without recursion). Used when the library's composer ran out of
 * stack (nesting in the hundreds) and so only knows where it gave up, far past the limit.
 *
 * @module
 */
import { CST, Parser } from "yaml";
import { MAX_NESTING_DEPTH } from "./limits.ts";

/** Source offset of the first collection (document order) beyond the depth limit, or null. */
export function firstTooDeepOffset(text: string): number | null {
  for (const doc of new Parser().parse(text)) {
    if (doc.type !== "document") continue;
    // Pre-order walk: children are pushed last-first, so they come off in document order.
    const pending: Array<[CST.Token | null | undefined, number]> = [[doc.value, 0]];
    while (pending.length > 0) {
      const [token, enclosing] = pending.pop()!;
      if (!token || !CST.isCollection(token)) continue;
      if (enclosing + 1 > MAX_NESTING_DEPTH) return token.offset;
      for (let i = token.items.length - 1; i >= 0; i--) {
        const item = token.items[i];
        pending.push([item.value, enclosing + 1]);
        pending.push([item.key, enclosing + 1]);
      }
    }
  }
  return null;
}
