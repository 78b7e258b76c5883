/**
 * XCUITest page source as XML (Appium's XCUITest driver answers `GET /session/{id}/source` with
 * it by default) read into the same element list as the JSON tree (`source_tree.ts`): each XML
 * element becomes the JSON node WebDriverAgent would have sent, and `decodeSource` maps it, so the
 * two forms can never disagree on a rule (docs/backends.md#the-element-tree).
 *
 * | XML | JSON node |
 * |---|---|
 * | tag / `type` `XCUIElementTypeButton` | `type: "Button"` |
 * | `name`, `label`, `value` | the same (the XML has no `rawIdentifier`: `name` is the identifier when it differs from the label) |
 * | `x`, `y`, `width`, `height` | `rect` |
 * | `enabled`, `selected`, `traits` | `isEnabled`, the `Selected` / `NotEnabled` trait words |
 *
 * The `AppiumAUT` wrapper and the `Application` root are left out, as in the JSON form.
 *
 * @module
 */
import type { Element } from "../driver.ts";
import { readXmlTree, type XmlNode, XmlTreeError } from "../xml_tree.ts";
import { MalformedReply } from "../webdriver/mod.ts";
import { decodeSource } from "./source_tree.ts";

const TYPE_PREFIX = "XCUIElementType";

/** One XML element as WebDriverAgent's JSON node. */
function toJsonNode(node: XmlNode): Record<string, unknown> {
  const a = node.attrs;
  const fullType = a.type ?? node.tag;
  const type = fullType.startsWith(TYPE_PREFIX) ? fullType.slice(TYPE_PREFIX.length) : fullType;
  const words = (a.traits ?? "").split(",").map((w) => w.trim()).filter((w) => w !== "");
  if (a.selected === "true" && !words.includes("Selected")) words.push("Selected");
  const out: Record<string, unknown> = {
    type,
    name: a.name ?? null,
    label: a.label ?? null,
    value: a.value ?? null,
    rect: {
      x: Number(a.x ?? 0),
      y: Number(a.y ?? 0),
      width: Number(a.width ?? 0),
      height: Number(a.height ?? 0),
    },
    isEnabled: a.enabled === "false" ? "0" : "1",
    traits: words.join(", "),
    children: node.children.map(toJsonNode),
  };
  return out;
}

/**
 * The elements of an XCUITest XML source, in document order.
 *
 * @throws MalformedReply when the text is not XML or holds no element tree
 *
 * @example
 * ```ts
 * decodeSourceXml(`<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop">
 *   <XCUIElementTypeButton type="XCUIElementTypeButton" name="checkout" label="Checkout"
 *     enabled="true" x="16" y="760" width="361" height="50"/></XCUIElementTypeApplication></AppiumAUT>`);
 * // [{ identifier: "checkout", label: "Checkout", value: null, traits: ["button"],
 * //    frame: [16, 760, 361, 50], nativeZ: null }]
 * ```
 */
export function decodeSourceXml(xml: string): Element[] {
  let root: XmlNode;
  try {
    root = readXmlTree(xml);
  } catch (err) {
    if (err instanceof XmlTreeError) {
      throw new MalformedReply(`XCUITest source: ${err.message}`, { cause: err });
    }
    throw err;
  }
  // `AppiumAUT` wraps the application (and, on some servers, several roots).
  const apps = root.tag === "AppiumAUT" ? root.children : [root];
  return apps.flatMap((app) => decodeSource(toJsonNode(app)));
}
