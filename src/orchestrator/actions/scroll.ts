/**
 * `scroll: {to, direction?, within?, maxScrolls?}` (docs/scenario-language.md#gestures): a bounded
 * scroll-and-re-read until `to` resolves with its centre inside the viewport. `direction` names
 * the content motion. It fails at once on an ambiguous `to`, when a step leaves the region
 * unchanged (end of content), or after `maxScrolls` steps.
 *
 * @module
 */
import {
  type Element,
  ElementNotFound,
  type Frame,
  type Point,
  SelectorError,
} from "../../drivers/driver.ts";
import {
  frameCenter,
  frameInside,
  renderSelector,
  resolveUnique,
  treesEqual,
} from "../../selectors/mod.ts";
import type { Selector, StepBodies } from "../../scenario/types.ts";
import { checkCancelled } from "../cancellation.ts";
import type { RunContext } from "../context.ts";
import { contentScrollEndpoints, viewportOf } from "./content_scroll.ts";

function resolveOrNull(tree: readonly Element[], sel: Selector): Element | null {
  try {
    return resolveUnique(tree, sel);
  } catch (e) {
    if (e instanceof ElementNotFound) return null;
    throw e;
  }
}

function centreInViewport(frame: Frame, viewport: readonly [number, number]): boolean {
  const [cx, cy] = frameCenter(frame);
  return cx >= 0 && cy >= 0 && cx <= viewport[0] && cy <= viewport[1];
}

/** Whether `sel` resolves on `tree` with its centre inside the viewport (ambiguous: throws). */
function onScreen(tree: readonly Element[], sel: Selector, viewport: readonly [number, number]) {
  const target = resolveOrNull(tree, sel);
  return target !== null && centreInViewport(target.frame, viewport);
}

/** `onScreen`, an ambiguous selector answering false (a fresh read decides). */
function onScreenQuiet(
  tree: readonly Element[],
  sel: Selector,
  viewport: readonly [number, number],
) {
  try {
    return onScreen(tree, sel, viewport);
  } catch (e) {
    if (e instanceof SelectorError) return false;
    throw e;
  }
}

/** The elements compared across a step: inside the `within` container (itself excluded), or all. */
function region(tree: readonly Element[], within: Selector | undefined): readonly Element[] {
  if (!within) return tree;
  const container = resolveUnique(tree, within);
  return tree.filter((el) => el !== container && frameInside(el.frame, container.frame));
}

/** Scrolls until the target is on screen; throws `ElementNotFound` with the bound it hit. */
export async function scrollTo(ctx: RunContext, body: StepBodies["scroll"]): Promise<void> {
  const { driver } = ctx;
  const direction = body.direction ?? "down";
  const maxScrolls = body.maxScrolls ?? 15;
  // The driver's tree read since its last command is the screen now: when the target is on screen
  // there the step is done without a read; else the screen is read again before any gesture
  // (docs/scenario-language.md#gestures).
  const recent = driver.recentTree?.() ?? null;
  let tree = recent ?? await driver.query();
  let viewport = await viewportOf(ctx, tree);
  if (recent !== null && !onScreenQuiet(tree, body.to, viewport)) {
    tree = await driver.query();
    viewport = await viewportOf(ctx, tree);
  }
  for (let scrolls = 0;; scrolls++) {
    checkCancelled(ctx.cancel);
    if (onScreen(tree, body.to, viewport)) return;
    if (scrolls >= maxScrolls) {
      throw new ElementNotFound(
        `scroll: ${renderSelector(body.to)} not on-screen after ${maxScrolls} scroll(s)`,
        body.to,
      );
    }
    const anchor: Point = body.within
      ? frameCenter(resolveUnique(tree, body.within).frame)
      : [viewport[0] / 2, viewport[1] / 2];
    const [from, to] = contentScrollEndpoints(anchor, viewport, direction);
    await driver.scroll(from, to);
    const next = await driver.query();
    if (treesEqual(region(tree, body.within), region(next, body.within))) {
      throw new ElementNotFound(
        `scroll: ${
          renderSelector(body.to)
        } not found; the region stopped changing (end of content)`,
        body.to,
      );
    }
    tree = next;
  }
}
