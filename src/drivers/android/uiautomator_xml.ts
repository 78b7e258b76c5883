/**
 * The UiAutomator hierarchy as elements (docs/backends.md#reading-the-screen): one pure function
 * over the XML text, shared by the dump route (`uiautomator dump`), the UiAutomator2 server's
 * `/source` and any Appium endpoint that returns the same XML. No adb, no I/O.
 *
 * - identifier = `resource-id` after its last `/` (`com.example:id/login` → `login`; a Compose
 *   test tag without `:id/` stays whole); empty → null;
 * - label = `text`, else `content-desc`, else (clickable nodes only) the texts of the descendants
 *   joined by spaces, skipping nested clickable nodes; for a text field, `content-desc` or `hint`
 *   (its `text` is what was typed);
 * - value = a text field's `text` (unless it only shows its hint); else `content-desc` when the
 *   label came from `text`;
 * - traits = the class's simple name in lower camel case (`android.widget.EditText` →
 *   `editText`), plus `textField`, `switch`, `button` (clickable), `secureTextField` (password),
 *   `notEnabled`, `selected` (selected or checked);
 * - frame = `bounds` `[l,t][r,b]` → `[l, t, r − l, b − t]`, in device pixels, never converted.
 *
 * @module
 */
import type { Element, Frame } from "../driver.ts";
import { readXmlTree, type XmlNode } from "../xml_tree.ts";

/** Packages whose windows are not the app's (status and navigation bars). */
export const SYSTEM_UI_PACKAGES: readonly string[] = ["com.android.systemui"];

export interface ParseOptions {
  /** Nodes of these packages (and their subtrees) are left out; default the system UI. */
  skipPackages?: readonly string[];
}

/** What one read of the screen says. */
export interface UiHierarchy {
  /** Every node kept, in document order. */
  elements: Element[];
  /**
   * The screen size: the root's `width`/`height` (UiAutomator2), else the extent of the nodes;
   * null for an empty tree.
   */
  size: [w: number, h: number] | null;
  /** The packages of the nodes kept, in first-seen order (which app is on screen). */
  packages: string[];
}

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

/** Classes that take typed text (their `text` is the field's value). */
const TEXT_FIELD = /(?:EditText|AutoCompleteTextView|SearchView\$SearchAutoComplete)$/;
/** Two-state controls. */
const SWITCH = /(?:Switch|SwitchCompat|SwitchMaterial|CheckBox|ToggleButton|RadioButton)$/;

/**
 * Parses a UiAutomator hierarchy.
 *
 * @throws XmlTreeError when the text is not a well-formed element tree
 *
 * @example
 * ```ts
 * const { elements } = parseUiAutomatorXml(`<hierarchy rotation="0">
 *   <node index="0" text="Log in" resource-id="com.example:id/login" class="android.widget.Button"
 *     package="com.example" content-desc="" clickable="true" enabled="true" bounds="[42,2052][1038,2184]" />
 * </hierarchy>`);
 * elements[0]; // { identifier: "login", label: "Log in", value: null,
 *              //   traits: ["button"], frame: [42, 2052, 996, 132], nativeZ: null }
 * ```
 */
export function parseUiAutomatorXml(xml: string, options: ParseOptions = {}): UiHierarchy {
  const root = readXmlTree(xml);
  const skip = new Set(options.skipPackages ?? SYSTEM_UI_PACKAGES);
  const elements: Element[] = [];
  const packages: string[] = [];
  const seen = new Set<string>();
  const visit = (node: XmlNode) => {
    const a = node.attrs;
    const pkg = a.package ?? "";
    if (pkg !== "" && skip.has(pkg)) return;
    if (a.displayed === "false") return;
    const frame = parseBounds(a.bounds);
    if (frame !== null) {
      elements.push(toElement(node, frame));
      if (pkg !== "" && !seen.has(pkg)) {
        seen.add(pkg);
        packages.push(pkg);
      }
    }
    for (const child of node.children) visit(child);
  };
  // The root is `hierarchy` (its children are the windows' roots); a bare node is read as one.
  if (root.tag === "hierarchy") { for (const child of root.children) visit(child); }
  else visit(root);
  return { elements, size: screenSize(root, elements), packages };
}

/**
 * `[l,t][r,b]` → `[l, t, r − l, b − t]`; null when absent or malformed.
 *
 * @example
 * ```ts
 * parseBounds("[42,2052][1038,2184]"); // [42, 2052, 996, 132]
 * ```
 */
export function parseBounds(bounds: string | undefined): Frame | null {
  if (bounds === undefined) return null;
  const m = BOUNDS.exec(bounds);
  if (m === null) return null;
  const [l, t, r, b] = [m[1], m[2], m[3], m[4]].map(Number);
  return [l, t, Math.max(0, r - l), Math.max(0, b - t)];
}

/**
 * `resource-id` → identifier: the part after the last `/`; empty → null.
 *
 * @example
 * ```ts
 * identifierOf("com.example:id/checkout"); // "checkout"
 * identifierOf("login_button"); // "login_button" (a Compose test tag)
 * identifierOf(""); // null
 * ```
 */
export function identifierOf(resourceId: string | undefined): string | null {
  if (!resourceId) return null;
  const id = resourceId.slice(resourceId.lastIndexOf("/") + 1);
  return id === "" ? null : id;
}

/**
 * A class name's simple name in lower camel case.
 *
 * @example
 * ```ts
 * classTrait("androidx.recyclerview.widget.RecyclerView"); // "recyclerView"
 * classTrait("android.widget.Button"); // "button"
 * ```
 */
export function classTrait(className: string): string | null {
  const simple = className.slice(className.lastIndexOf(".") + 1).replace(/^.*\$/, "");
  if (simple === "") return null;
  return simple[0].toLowerCase() + simple.slice(1);
}

function toElement(node: XmlNode, frame: Frame): Element {
  const a = node.attrs;
  const cls = a.class ?? node.tag;
  const text = a.text || null;
  const desc = a["content-desc"] || null;
  const isField = TEXT_FIELD.test(cls);
  let label: string | null;
  let value: string | null;
  if (isField) {
    const hint = a.hint || null;
    label = desc ?? hint;
    // A field that shows its hint has typed nothing (UiAutomator2 says so with `hint`).
    value = text !== null && text !== hint ? text : null;
  } else {
    label = text ?? desc ?? (a.clickable === "true" ? descendantText(node) : null);
    value = text !== null ? desc : null;
  }
  return {
    identifier: identifierOf(a["resource-id"]),
    label,
    value,
    traits: traitsOf(cls, a, isField),
    frame,
    nativeZ: null,
  };
}

function traitsOf(cls: string, a: Record<string, string>, isField: boolean): string[] {
  const traits: string[] = [];
  const add = (t: string | null) => {
    if (t !== null && !traits.includes(t)) traits.push(t);
  };
  add(classTrait(cls));
  if (isField) add("textField");
  if (SWITCH.test(cls)) add("switch");
  if (a.clickable === "true") add("button");
  if (a.password === "true") add("secureTextField");
  if (a.enabled === "false") add("notEnabled");
  if (a.selected === "true" || a.checked === "true") add("selected");
  return traits;
}

/** The texts under a clickable node (text or content-desc), skipping nested clickable subtrees. */
function descendantText(node: XmlNode): string | null {
  const parts: string[] = [];
  const walk = (n: XmlNode) => {
    for (const child of n.children) {
      if (child.attrs.clickable === "true") continue;
      const own = child.attrs.text || child.attrs["content-desc"];
      if (own) parts.push(own);
      walk(child);
    }
  };
  walk(node);
  const joined = parts.join(" ").trim();
  return joined === "" ? null : joined;
}

function screenSize(root: XmlNode, elements: readonly Element[]): [number, number] | null {
  const w = Number(root.attrs.width);
  const h = Number(root.attrs.height);
  if (Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0) return [w, h];
  if (elements.length === 0) return null;
  let maxW = 0;
  let maxH = 0;
  for (const { frame: [x, y, fw, fh] } of elements) {
    maxW = Math.max(maxW, x + fw);
    maxH = Math.max(maxH, y + fh);
  }
  return [maxW, maxH];
}
