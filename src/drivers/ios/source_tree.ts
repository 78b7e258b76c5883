/**
 * WebDriverAgent's `/source?format=json` tree read into our flat, document-ordered element list
 * (docs/backends.md#the-element-tree): a pre-order walk below the `Application` node, one
 * Element per node.
 *
 * | WDA node | Element |
 * |---|---|
 * | `rawIdentifier` (the accessibilityIdentifier) | `identifier` (`""` → null) |
 * | `label`, `value` (a number or bool is written as text) | `label`, `value` (`""` → null) |
 * | `type` (`Button`, `StaticText`, `Other` …) | its lowerCamel token first in `traits` (`button`, `staticText`, `other`) |
 * | `traits` words `Selected`, `NotEnabled`; `isEnabled: "0"` | `selected`, `notEnabled` |
 * | `SecureTextField` | `secureTextField` and `textField` |
 * | `rect {x, y, width, height}` (points), else the `frame` string | `frame` |
 *
 * @module
 */
import type { Element, Frame } from "../driver.ts";
import { MalformedReply } from "../webdriver/mod.ts";

/** The attributes `query()` asks WDA to leave out (they cost work per node and we never read them). */
export const EXCLUDED_ATTRIBUTES = [
  "visible",
  "accessible",
  "focused",
  "nativeFrame",
  "nativeAccessibilityElement",
  "placeholderValue",
  "minValue",
  "maxValue",
] as const;

/** The query string of `query()`'s source read. */
export const SOURCE_QUERY = `?format=json&excluded_attributes=${EXCLUDED_ATTRIBUTES.join(",")}`;

interface WdaNode {
  type?: unknown;
  rawIdentifier?: unknown;
  name?: unknown;
  label?: unknown;
  value?: unknown;
  rect?: unknown;
  frame?: unknown;
  isEnabled?: unknown;
  traits?: unknown;
  children?: unknown;
}

/** `StaticText` → `staticText`. */
function token(type: string): string {
  return type.length === 0 ? "other" : type[0].toLowerCase() + type.slice(1);
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = typeof v === "string"
    ? v
    : typeof v === "number" || typeof v === "boolean"
    ? String(v)
    : null;
  return s === "" ? null : s;
}

const FRAME_TEXT = /\{\{\s*(-?[\d.]+),\s*(-?[\d.]+)\s*\},\s*\{\s*(-?[\d.]+),\s*(-?[\d.]+)\s*\}\}/;

function frameOf(n: WdaNode): Frame {
  const r = n.rect as Record<string, unknown> | undefined;
  if (r && typeof r === "object") {
    const f: Frame = [Number(r.x), Number(r.y), Number(r.width), Number(r.height)];
    if (f.every(Number.isFinite)) return f;
  }
  const m = typeof n.frame === "string" ? FRAME_TEXT.exec(n.frame) : null;
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return [0, 0, 0, 0];
}

function traitsOf(n: WdaNode, type: string): string[] {
  const out = [token(type)];
  if (type === "SecureTextField") out.push("textField");
  const words = typeof n.traits === "string" ? n.traits.split(",").map((w) => w.trim()) : [];
  if (words.includes("Selected")) out.push("selected");
  if (words.includes("NotEnabled") || n.isEnabled === "0" || n.isEnabled === false) {
    out.push("notEnabled");
  }
  return out;
}

function toElement(n: WdaNode): Element {
  const type = typeof n.type === "string" ? n.type : "Other";
  let identifier = text(n.rawIdentifier);
  // Servers before rawIdentifier: `name` is the identifier when it is not the label.
  if (!("rawIdentifier" in n)) {
    const name = text(n.name);
    identifier = name !== null && name !== text(n.label) ? name : null;
  }
  return {
    identifier,
    label: text(n.label),
    value: text(n.value),
    traits: traitsOf(n, type),
    frame: frameOf(n),
    nativeZ: null,
  };
}

/**
 * The elements of a source reply's `value`, in document order (the `Application` root left out).
 *
 * @throws MalformedReply when the value is not a WDA JSON tree
 *
 * @example
 * ```ts
 * decodeSource({ type: "Application", children: [{ type: "Button", rawIdentifier: "checkout",
 *   label: "Checkout", rect: { x: 16, y: 760, width: 361, height: 50 } }] });
 * // [{ identifier: "checkout", label: "Checkout", value: null, traits: ["button"], frame: [16, 760, 361, 50], nativeZ: null }]
 * ```
 */
export function decodeSource(value: unknown): Element[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new MalformedReply(
      `WebDriverAgent /source: expected a JSON tree, got ${
        typeof value === "string" ? `text (${value.slice(0, 40)}…)` : typeof value
      }`,
    );
  }
  const root = value as WdaNode;
  const out: Element[] = [];
  // Pre-order with an explicit stack: deep trees never overflow the call stack.
  const stack: WdaNode[] = [];
  const pushChildren = (n: WdaNode) => {
    if (!Array.isArray(n.children)) return;
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i];
      if (typeof c === "object" && c !== null) stack.push(c as WdaNode);
    }
  };
  if (root.type === "Application") pushChildren(root);
  else stack.push(root);
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(toElement(n));
    pushChildren(n);
  }
  return out;
}
