/**
 * Short descriptions of YAML values for error messages ("got number 3").
 *
 * @module
 */
import type { PNode } from "./pnode.ts";
import { quoteInput } from "./bounded_text.ts";

/** `a mapping`, `a list`, `null`, `number 3`, `boolean true`, `string "x"`. */
export function describeNode(node: PNode): string {
  if (node.kind === "map") return "a mapping";
  if (node.kind === "seq") return "a list";
  const v = node.value;
  if (v === null) return "null (an empty value)";
  if (typeof v === "string") return `string ${quoteInput(v)}`;
  return `${typeof v} ${String(v)}`;
}
