/**
 * The UiAutomator XML parser: a real-shaped `uiautomator dump` and a UiAutomator2 `/source`,
 * the mapping rules, the fast scanner held to fast-xml-parser on generated trees, and bad input.
 */
import assert from "node:assert/strict";
import {
  classTrait,
  identifierOf,
  parseBounds,
  parseUiAutomatorXml,
} from "../../../src/drivers/android/uiautomator_xml.ts";
import {
  decodeEntities,
  parseTree,
  readXmlTree,
  scanTree,
  type XmlNode,
  XmlTreeError,
} from "../../../src/drivers/xml_tree.ts";

const FIXTURES = new URL("../../fixtures/android/", import.meta.url);
const read = (name: string) => Deno.readTextFileSync(new URL(name, FIXTURES));
/** The dump's XML without the trailer line `uiautomator dump /dev/tty` prints after it. */
const DUMP = read("settings_dump.xml").replace(/UI hierchary dumped to: .*\s*$/, "");
const SOURCE = read("shop_source.xml");

Deno.test("a uiautomator dump: ids, labels, values, traits, frames; system UI left out", () => {
  const { elements, size, packages } = parseUiAutomatorXml(DUMP);
  assert.deepEqual(packages, ["com.android.settings"]);
  assert.ok(!elements.some((e) => e.identifier === "clock"), "status bar dropped");
  const row = elements.find((e) =>
    e.label?.startsWith("Network & internet") && e.traits.includes("button")
  );
  assert.ok(row, "a clickable row is labelled by its texts");
  assert.deepEqual(row, {
    identifier: null,
    label: "Network & internet Mobile, Wi‑Fi, hotspot",
    value: null,
    traits: ["linearLayout", "button"],
    frame: [0, 367, 1080, 231],
    nativeZ: null,
  });
  const title = elements.find((e) => e.label === "Search settings")!;
  assert.deepEqual(title.identifier, "search_action_bar_title");
  assert.deepEqual(title.traits, ["textView"]);
  const disabled = elements.find((e) => e.label?.startsWith("Connected devices"))!;
  assert.ok(disabled.traits.includes("notEnabled"));
  assert.equal(disabled.label, "Connected devices", "the nested clickable switch is skipped");
  const sw = elements.find((e) => e.identifier === "switch_widget")!;
  assert.deepEqual(sw.traits, ["switch", "button", "selected"]);
  assert.equal(sw.label, "Bluetooth");
  assert.equal(sw.value, null, "content-desc is the label here, not the value");
  const pin = elements.find((e) => e.identifier === "password")!;
  assert.deepEqual([pin.label, pin.value], ["PIN", null]);
  assert.deepEqual(pin.traits, ["editText", "textField", "button", "secureTextField"]);
  assert.deepEqual(size, [1080, 2400], "no width/height on a dump: the nodes' extent");
  assert.deepEqual(
    elements.map((e) => e.frame[1]),
    [0, 178, 222, 367, 367, 420, 479, 598, 651, 680, 2200],
    "document order",
  );
});

Deno.test("a UiAutomator2 source: class tags, hint, displayed=false, width and height", () => {
  const { elements, size, packages } = parseUiAutomatorXml(SOURCE);
  assert.deepEqual(size, [1080, 2400]);
  assert.deepEqual(packages, ["com.example.shop", "com.android.settings"]);
  const ids = elements.map((e) => e.identifier);
  assert.ok(!ids.includes("spinner"), "a node not displayed is left out");
  const search = elements.find((e) => e.identifier === "search")!;
  assert.deepEqual([search.label, search.value], ["Search products", null], "showing its hint");
  const email = elements.find((e) => e.identifier === "email")!;
  assert.deepEqual([email.label, email.value], ["Email", "ada@example.com"]);
  const cart = elements.find((e) => e.identifier === "cart_button")!;
  assert.deepEqual([cart.label, cart.value], ["Cart, 3 items", null], "a Compose-style tag");
  assert.deepEqual(cart.traits, ["imageButton", "button"]);
  const checkout = elements.find((e) => e.identifier === "checkout")!;
  assert.deepEqual(checkout.frame, [42, 2052, 996, 132]);
  assert.equal(elements.at(-1)!.label, "Added to cart", "a toast is appended to the root");
});

Deno.test("mapping helpers: bounds, resource ids, class traits", () => {
  assert.deepEqual(parseBounds("[0,0][1080,2400]"), [0, 0, 1080, 2400]);
  assert.deepEqual(parseBounds("[10,20][5,20]"), [10, 20, 0, 0], "never a negative size");
  assert.equal(parseBounds("0,0,10,10"), null);
  assert.equal(parseBounds(undefined), null);
  assert.equal(identifierOf("com.example:id/checkout"), "checkout");
  assert.equal(identifierOf("android:id/title"), "title");
  assert.equal(identifierOf("plain_tag"), "plain_tag");
  assert.equal(identifierOf("com.example:id/"), null);
  assert.equal(identifierOf(""), null);
  assert.equal(classTrait("android.widget.EditText"), "editText");
  assert.equal(classTrait("com.example.Outer$Inner"), "inner");
  assert.equal(classTrait("View"), "view");
});

Deno.test("entities: named and numeric references are decoded", () => {
  assert.equal(
    decodeEntities("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;"),
    `a & b <c> "d" 'e'`,
  );
  assert.equal(decodeEntities("&#128077; &#x41;&#10;"), "👍 A\n");
  assert.equal(decodeEntities("&unknown; plain"), "&unknown; plain");
  const { elements } = parseUiAutomatorXml(
    `<hierarchy><node text="Tom &amp; Jerry &#128077;" bounds="[0,0][1,1]"/></hierarchy>`,
  );
  assert.equal(elements[0].label, "Tom & Jerry 👍");
});

Deno.test("text outside the serializer's dialect goes through fast-xml-parser, with the same result", () => {
  const commented = SOURCE.replace(
    "<android.widget.Button",
    "<!-- a comment --><android.widget.Button",
  );
  assert.equal(scanTree(commented), null, "the scanner declines");
  assert.deepEqual(parseUiAutomatorXml(commented), parseUiAutomatorXml(SOURCE));
  const singleQuoted = `<hierarchy><node text='hi' bounds='[0,0][2,2]'/></hierarchy>`;
  assert.equal(scanTree(singleQuoted), null);
  assert.equal(parseUiAutomatorXml(singleQuoted).elements[0].label, "hi");
});

Deno.test("bad input: no element tree is an XmlTreeError with a stable code", () => {
  for (const bad of ["", "ERROR: could not get idle state.", "<hierarchy><node></hierarchy>"]) {
    assert.throws(
      () => readXmlTree(bad),
      (e) => e instanceof XmlTreeError && e.code === "E_SOURCE_XML",
      bad,
    );
  }
});

/** A seeded generator (mulberry32): the same trees on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ["", "OK", "Tom & Jerry", "<b>", 'say "hi"', "über", "👍", "a\nb", "  pad  "];
const TAGS = [
  "node",
  "android.widget.Button",
  "android.view.View",
  "androidx.compose.ui.platform.ComposeView",
];

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/\n/g, "&#10;");
}

function generate(rnd: () => number, depth: number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const tag = pick(TAGS);
  const x = Math.floor(rnd() * 1000), y = Math.floor(rnd() * 2000);
  const attrs = `index="0" text="${escape(pick(TEXTS))}" content-desc="${escape(pick(TEXTS))}" ` +
    `class="${tag === "node" ? "android.widget.TextView" : tag}" clickable="${rnd() < 0.3}" ` +
    `bounds="[${x},${y}][${x + 50},${y + 40}]"`;
  const n = depth < 4 ? Math.floor(rnd() * 4) : 0;
  if (n === 0) return `<${tag} ${attrs} />`;
  const kids = Array.from({ length: n }, () => "\n  " + generate(rnd, depth + 1)).join("");
  return `<${tag} ${attrs}>${kids}\n</${tag}>`;
}

function strip(node: XmlNode): XmlNode {
  return { tag: node.tag, attrs: node.attrs, children: node.children.map(strip) };
}

Deno.test("the scanner and fast-xml-parser read 200 generated trees the same", () => {
  const rnd = random(14);
  for (let i = 0; i < 200; i++) {
    const body = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => generate(rnd, 0)).join("");
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n` +
      `<hierarchy rotation="0">${body}</hierarchy>`;
    const fast = scanTree(xml);
    assert.ok(fast, `tree ${i} scanned`);
    assert.deepEqual(strip(fast), strip(parseTree(xml)), `tree ${i}`);
  }
});
