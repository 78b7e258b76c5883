/**
 * Choosing the scripted reaction to a driver event: the first rule, in file order, whose trigger
 * names the event and its target, whose screen is showing and whose conditions hold on the tree
 * as it is right after the event's built-in effect (a typed character, a focus).
 *
 * @module
 */
import type { Element } from "../driver.ts";
import { findAll } from "../../selectors/mod.ts";
import type { FakeReactionSpec, FakeTriggerKind } from "./types.ts";

/** A driver event as reactions see it; `target` is an element of `tree` (by identity). */
export interface FakeEvent {
  kind: FakeTriggerKind | "back";
  target: Element | null;
}

/** The first rule matching `event` on screen `screen`, or null. */
export function findReaction(
  rules: readonly FakeReactionSpec[],
  event: FakeEvent,
  screen: string,
  tree: readonly Element[],
): FakeReactionSpec | null {
  return rules.find((rule) => ruleMatches(rule, event, screen, tree)) ?? null;
}

function ruleMatches(
  rule: FakeReactionSpec,
  event: FakeEvent,
  screen: string,
  tree: readonly Element[],
): boolean {
  if (rule.on.kind !== event.kind) return false;
  if (rule.screen !== null && rule.screen !== screen) return false;
  if (rule.on.kind !== "back") {
    if (event.target === null || !findAll(tree, rule.on.target).includes(event.target)) {
      return false;
    }
  }
  if (rule.when.some((sel) => findAll(tree, sel).length === 0)) return false;
  return rule.unless.every((sel) => findAll(tree, sel).length === 0);
}
