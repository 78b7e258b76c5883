/**
 * Text-entry and form step bodies (docs/scenario-language.md#text-entry): type, clear, delete,
 * select, selectOption, setPickerValue.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { StepBodies } from "../types.ts";
import { keyPath } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap, field, required } from "../../yaml/mapping.ts";
import { bool, oneOf, str } from "../../yaml/scalars.ts";
import { selector } from "./selector.ts";
import { positiveInt, selectorAt } from "./gestures.ts";

const TYPE_KEYS: ReadonlySet<string> = new Set(["text", "into", "submit"]);
const INTO_KEYS: ReadonlySet<string> = new Set(["into"]);
const DELETE_KEYS: ReadonlySet<string> = new Set(["into", "count"]);
const SELECT_KEYS: ReadonlySet<string> = new Set(["into", "mode"]);
const OPTION_KEYS: ReadonlySet<string> = new Set(["sel", "option"]);
const PICKER_KEYS: ReadonlySet<string> = new Set(["sel", "value"]);

/** `type: {text, into?, submit?=false}`. */
export function typeText(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["type"] | undefined {
  const m = closedMap(ctx, node, path, TYPE_KEYS, "a type payload");
  if (!m) return undefined;
  const t = required(ctx, m, "text", path);
  const text = t && str(ctx, t, keyPath(path, "text"));
  const out: StepBodies["type"] = { text: text ?? "", submit: false };
  const into = field(m, "into");
  if (into) out.into = selector(ctx, into, keyPath(path, "into"));
  const submit = field(m, "submit");
  if (submit) out.submit = bool(ctx, submit, keyPath(path, "submit")) ?? false;
  return text === undefined ? undefined : out;
}

/** `clear: {into}`. */
export function clear(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["clear"] | undefined {
  const m = closedMap(ctx, node, path, INTO_KEYS, "a clear payload");
  const into = m && selectorAt(ctx, m, "into", path);
  return into && { into };
}

/** `delete: {into, count > 0}`. */
export function deleteText(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["delete"] | undefined {
  const m = closedMap(ctx, node, path, DELETE_KEYS, "a delete payload");
  if (!m) return undefined;
  const into = selectorAt(ctx, m, "into", path);
  const c = required(ctx, m, "count", path);
  const count = c && positiveInt(ctx, c, keyPath(path, "count"));
  return into && count !== undefined ? { into, count } : undefined;
}

/** `select: {into, mode?=all}`. */
export function selectText(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["select"] | undefined {
  const m = closedMap(ctx, node, path, SELECT_KEYS, "a select payload");
  if (!m) return undefined;
  const into = selectorAt(ctx, m, "into", path);
  const mode = field(m, "mode");
  if (mode && oneOf(ctx, mode, keyPath(path, "mode"), ["all"] as const) === undefined) {
    return undefined;
  }
  return into && { into, mode: "all" };
}

/** `selectOption: {sel, option}`. */
export function selectOption(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["selectOption"] | undefined {
  const m = closedMap(ctx, node, path, OPTION_KEYS, "a selectOption payload");
  if (!m) return undefined;
  const sel = selectorAt(ctx, m, "sel", path);
  const o = required(ctx, m, "option", path);
  const option = o && str(ctx, o, keyPath(path, "option"));
  return sel && option !== undefined ? { sel, option } : undefined;
}

/** `setPickerValue: {sel, value}`. */
export function setPickerValue(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): StepBodies["setPickerValue"] | undefined {
  const m = closedMap(ctx, node, path, PICKER_KEYS, "a setPickerValue payload");
  if (!m) return undefined;
  const sel = selectorAt(ctx, m, "sel", path);
  const v = required(ctx, m, "value", path);
  const value = v && str(ctx, v, keyPath(path, "value"));
  return sel && value !== undefined ? { sel, value } : undefined;
}
