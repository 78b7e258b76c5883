/**
 * Field editing (docs/scenario-language.md#text-entry): `clear`, `delete`, and the selection pair
 * `select` / `copy`. Each focuses its field with a reachable tap first.
 *
 * @module
 */
import { resolveOnRecent } from "../../drivers/host_side.ts";
import { resolveUnique } from "../../selectors/mod.ts";
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { StepFailed } from "../step_failed.ts";
import { withReachability } from "./reachability.ts";

/** Deleting passes over a field that still holds text (a line break may eat a keystroke). */
const CLEAR_PASSES = 2;

/**
 * `clear: {into}`: deletes as many characters as the field's value holds, then reads the field
 * again: it is empty, or the step fails saying what is left (docs/scenario-language.md#text-entry).
 */
export async function clear(ctx: RunContext, body: StepBodies["clear"]): Promise<void> {
  // The value on the driver's tree read since its last command, else on a fresh read.
  const recent = ctx.driver.recentTree?.() ?? null;
  const { target } = await resolveOnRecent(recent, () => ctx.driver.query(), body.into);
  let left = target.value ?? "";
  await withReachability(ctx, body.into, () => ctx.driver.tap(body.into));
  for (let pass = 0; pass < CLEAR_PASSES && left.length > 0; pass++) {
    await ctx.driver.deleteText(left.length);
    left = resolveUnique(await ctx.driver.query(), body.into).value ?? "";
  }
  if (left.length > 0) {
    throw new StepFailed(`clear: the field still holds ${JSON.stringify(left)}`);
  }
}

/** `delete: {into, count}`: deletes `count` characters from the end. */
export async function deleteChars(ctx: RunContext, body: StepBodies["delete"]): Promise<void> {
  await withReachability(ctx, body.into, () => ctx.driver.tap(body.into));
  await ctx.driver.deleteText(body.count);
}

/** `select: {into, mode: all}`: selects the field's text, leaving a live selection. */
export async function selectText(ctx: RunContext, body: StepBodies["select"]): Promise<void> {
  await withReachability(ctx, body.into, () => ctx.driver.tap(body.into));
  await ctx.driver.selectAll();
  ctx.selectionLive = true;
}

/** `copy: {}`: copies the live selection; fails without one. */
export async function copySelection(ctx: RunContext): Promise<void> {
  if (!ctx.selectionLive) throw new StepFailed("copy requires an active selection");
  await ctx.driver.copySelection();
}
