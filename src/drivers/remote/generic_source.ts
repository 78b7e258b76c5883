/**
 * Page source of an Appium driver that is neither UiAutomator2 nor XCUITest (Espresso-like,
 * Windows, Mac2, the Appium fake driver …): any XML whose elements carry a rectangle, read by
 * one documented rule set (docs/backends.md#the-page-source). Pure: no I/O.
 *
 * - an element with a rectangle is one Element, in document order; one without (a wrapper such as
 *   `AppiumAUT`) is skipped but its children are read; `visible`/`displayed="false"` drops the
 *   element and its subtree;
 * - frame: `x y width height`, else `left top width height`, else `bounds="[l,t][r,b]"` (a missing
 *   `x`/`left` is 0; `width` and `height` are required);
 * - identifier: `resource-id` (after its `:id/`), `id`, `accessibility-id`, `AutomationId`,
 *   `identifier`; label: `label`, `text`, `content-desc`, `name`, `Name`; value: `value`;
 *   `""` is null;
 * - traits: the tag in lower camel case (`MockButton` → `mockButton`), plus the role its name ends
 *   with (`…Button` → `button`, `…TextField`/`…InputField`/`…EditText`/`…Edit` → `textField`,
 *   `Secure…` → `secureTextField` too, `…Switch`/`…CheckBox` → `switch`, `…Cell`/`…ListItem` →
 *   `cell`, `…Text`/`…Label`/`…TextView` → `staticText`), `notEnabled` for `enabled="false"`,
 *   `selected` for `selected`/`checked="true"`.
 *
 * @module
 */
import type { Element, Frame } from "../driver.ts";
import { readXmlTree, type XmlNode } from "../xml_tree.ts";

const BOUNDS = /^\[(-?[\d.]+),(-?[\d.]+)\]\[(-?[\d.]+),(-?[\d.]+)\]$/;

const IDENTIFIER_ATTRS = ["resource-id", "id", "accessibility-id", "AutomationId", "identifier"];
const LABEL_ATTRS = ["label", "text", "content-desc", "name", "Name"];

/** Role tokens by how a tag name ends (first match wins). */
const ROLES: [RegExp, string[]][] = [
  [/Secure\w*(Field|Edit)$/i, ["secureTextField", "textField"]],
  [/(TextField|InputField|EditText|Edit|SearchField)$/i, ["textField"]],
  [/Button$/i, ["button"]],
  [/(Switch|CheckBox|Toggle)$/i, ["switch"]],
  [/(Cell|ListItem)$/i, ["cell"]],
  [/(StaticText|TextView|Label|Text)$/i, ["staticText"]],
];

function number(v: string | undefined): number | null {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The element's rectangle, or null when it carries none. */
export function frameOf(a: Record<string, string>): Frame | null {
  const w = number(a.width);
  const h = number(a.height);
  if (w !== null && h !== null) {
    const x = number(a.x) ?? number(a.left) ?? 0;
    const y = number(a.y) ?? number(a.top) ?? 0;
    return [x, y, w, h];
  }
  const m = a.bounds === undefined ? null : BOUNDS.exec(a.bounds.trim());
  if (m === null) return null;
  const [l, t, r, b] = m.slice(1).map(Number);
  return [l, t, r - l, b - t];
}

function firstOf(a: Record<string, string>, names: readonly string[]): string | null {
  for (const name of names) {
    const v = a[name];
    if (v !== undefined && v !== "") return v;
  }
  return null;
}

function identifierOf(a: Record<string, string>): string | null {
  const id = firstOf(a, IDENTIFIER_ATTRS);
  if (id === null) return null;
  const at = id.indexOf(":id/");
  const short = at >= 0 ? id.slice(at + 4) : id;
  return short === "" ? null : short;
}

function lowerCamel(tag: string): string {
  const simple = tag.slice(tag.lastIndexOf(".") + 1);
  return simple === "" ? "other" : simple[0].toLowerCase() + simple.slice(1);
}

function traitsOf(tag: string, a: Record<string, string>): string[] {
  const out = [lowerCamel(tag)];
  const role = ROLES.find(([pattern]) => pattern.test(tag));
  for (const t of role?.[1] ?? []) if (!out.includes(t)) out.push(t);
  if (a.enabled === "false") out.push("notEnabled");
  if (a.selected === "true" || a.checked === "true") out.push("selected");
  return out;
}

/**
 * The elements of a page source, in document order.
 *
 * @throws XmlTreeError when the text is not XML
 *
 * @example
 * ```ts
 * parseGenericSource(`<AppiumAUT><app width="400" height="700">
 *   <MockButton id="buy" label="Buy" left="20" top="600" width="120" height="44"/></app></AppiumAUT>`);
 * // [{ identifier: null, label: null, traits: ["app"], frame: [0, 0, 400, 700], … },
 * //  { identifier: "buy", label: "Buy", value: null, traits: ["mockButton", "button"],
 * //    frame: [20, 600, 120, 44], nativeZ: null }]
 * ```
 */
export function parseGenericSource(xml: string): Element[] {
  const out: Element[] = [];
  const stack: XmlNode[] = [readXmlTree(xml)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const a = node.attrs;
    if (a.visible === "false" || a.displayed === "false") continue;
    const frame = frameOf(a);
    if (frame !== null) {
      out.push({
        identifier: identifierOf(a),
        label: firstOf(a, LABEL_ATTRS),
        value: a.value === undefined || a.value === "" ? null : a.value,
        traits: traitsOf(node.tag, a),
        frame,
        nativeZ: null,
      });
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}
