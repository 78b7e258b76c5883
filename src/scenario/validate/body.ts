/**
 * The shape every step-body validator shares, and the empty payload (`back: {}`).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { StepBodies } from "../types.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap } from "../../yaml/mapping.ts";

/** Validates one action's payload; undefined when it is unusable (problems were reported). */
export type BodyValidator<B> = (ctx: ValidationContext, node: PNode, path: string) => B | undefined;

/** The table of leaf validators keyed by action. */
export type BodyTable = { [A in keyof StepBodies]?: BodyValidator<StepBodies[A]> };

const NO_KEYS: ReadonlySet<string> = new Set();

/** `{}`: an action without parameters. */
export function emptyBody(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Record<string, never> | undefined {
  return closedMap(ctx, node, path, NO_KEYS, "an empty mapping {}") ? {} : undefined;
}
