/**
 * A step's detail line for reports (docs/reports.md#steps): what it did beyond its selector —
 * the text a `type` step typed (masked when it went into a secure field; secrets are masked by
 * the caller), the key a `press` step sent, the kind of a wait, the options of a tap.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { requestLabel } from "../assertions/mod.ts";
import { ElementNotFound, SelectorError } from "../drivers/driver.ts";
import { REDACTED } from "../evidence/placeholder.ts";
import { resolveUnique } from "../selectors/mod.ts";
import { tapSpec } from "../scenario/tap_spec.ts";
import type { Selector, Step } from "../scenario/types.ts";

/** Whether `sel` resolves on `tree` to a secure text field (not found or ambiguous: unknown). */
function secureField(tree: readonly Element[], sel: Selector | undefined): boolean {
  if (sel === undefined) return false;
  try {
    return resolveUnique(tree, sel).traits.includes("secureTextField");
  } catch (e) {
    if (e instanceof ElementNotFound || e instanceof SelectorError) return false;
    throw e;
  }
}

/**
 * The detail of a (substituted) step, or null when its selector says it all. `post` is the
 * tree after the step, read to tell a secure field.
 *
 * @example
 * ```ts
 * stepDetail({ action: "type", body: { text: "Ada", submit: true } }, []); // 'typed "Ada" + return'
 * stepDetail({ action: "wait", body: { until: { kind: "settled" }, timeout: 5 } }, []); // "until settled (5s)"
 * ```
 */
export function stepDetail(step: Step, post: readonly Element[]): string | null {
  switch (step.action) {
    case "type": {
      const shown = secureField(post, step.body.into) ? REDACTED : JSON.stringify(step.body.text);
      return `typed ${shown}${step.body.submit ? " + return" : ""}`;
    }
    case "press":
      return `key ${step.body.key}`;
    case "tap": {
      const spec = tapSpec(step.body);
      const parts: string[] = [];
      if (spec.button === "secondary") parts.push("secondary button");
      if (spec.at) parts.push(`at x=${spec.at.x}, y=${spec.at.y}`);
      return parts.length > 0 ? parts.join(", ") : null;
    }
    case "selectOption":
      return `option ${JSON.stringify(step.body.option)}`;
    case "wait": {
      const w = step.body;
      const t = `(${String(w.timeout)}s)`;
      // The awaited selector is the step's target column already.
      if ("for" in w) return `for ${t}`;
      switch (w.until.kind) {
        case "gone":
          return `until gone ${t}`;
        case "request":
          return `until request ${requestLabel(w.until.match)} ${t}`;
        case "assert":
          return `until ${w.until.assertions.length} assertion(s) hold ${t}`;
        default:
          return `until ${w.until.kind} ${t}`;
      }
    }
    default:
      return null;
  }
}
