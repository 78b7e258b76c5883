/**
 * Regex slots are compiled at load so a typo is a load error (`E_REGEX`), not a mid-run crash.
 * A pattern holding a `${…}` token is checked after substitution instead.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { compilePattern } from "../../selectors/regex.ts";
import { report } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { hasToken, str } from "../../yaml/scalars.ts";
import { quoteInput } from "../../yaml/bounded_text.ts";

/** A regex string slot. */
export function pattern(ctx: ValidationContext, node: PNode, path: string): string | undefined {
  const s = str(ctx, node, path);
  if (s === undefined || hasToken(s)) return s;
  try {
    compilePattern(s);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    report(
      ctx,
      node.pos,
      "E_REGEX",
      path,
      `invalid regular expression ${quoteInput(s)}: ${why}`,
    );
    return undefined;
  }
  return s;
}
