/**
 * `type` (docs/scenario-language.md#text-entry): focus `into` with a reachable tap first, then type
 * into the focused field (appends, never clears). `submit: true` appends a newline, which every
 * backend maps to its return/confirm key.
 *
 * @module
 */
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { withReachability } from "./reachability.ts";

/** `type: {text, into?, submit?}`. */
export async function typeText(ctx: RunContext, body: StepBodies["type"]): Promise<void> {
  const into = body.into;
  if (into) await withReachability(ctx, into, () => ctx.driver.tap(into));
  // Before typing: a page may send or log every partial value as the keys go in.
  ctx.sink.noteTyped?.(body.text);
  await ctx.driver.typeText(body.submit ? `${body.text}\n` : body.text);
}
