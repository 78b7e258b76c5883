/**
 * Page-source XML read into a tree of tags and attributes, shared by every backend that reads XML
 * (UiAutomator dumps and the UiAutomator2 server's `/source`, XCUITest and other Appium sources).
 * Those are written by serializers that emit elements with double-quoted attributes and no text
 * content, so a purpose-built scanner reads them about three times faster than a general parser
 * (docs/backends.md#android). Anything outside that dialect (text, comments, CDATA, single quotes)
 * is handed to fast-xml-parser instead, so the result never depends on which path read it; the
 * tests hold the two paths to the same trees.
 *
 * @module
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** One XML element: its tag (`node`, or a class name on UiAutomator2), attributes, children. */
export interface XmlNode {
  tag: string;
  /** Attribute values with entities decoded. */
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** The text is not XML this module can read (unbalanced tags, no element at all). */
export class XmlTreeError extends Error {
  readonly code = "E_SOURCE_XML";
  constructor(message: string) {
    super(message);
    this.name = "XmlTreeError";
  }
}

// One token at `lastIndex`: a declaration, an opening (or empty) tag, a closing tag, or blanks.
const TOKEN_SOURCE =
  /<\?[^>]*\?>|<([A-Za-z_][^\s/>]*)((?:\s+[^\s=/>]+\s*=\s*"[^"]*")*)\s*(\/?)>|<\/([A-Za-z_][^\s>]*)\s*>|\s+/
    .source;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*"([^"]*)"/g;

/**
 * The root element of `xml` (the `hierarchy`).
 *
 * @throws XmlTreeError when the text holds no well-formed element tree
 *
 * @example
 * ```ts
 * const root = readXmlTree('<hierarchy rotation="0"><node text="OK" /></hierarchy>');
 * root.children[0].attrs.text; // "OK"
 * ```
 */
export function readXmlTree(xml: string): XmlNode {
  return scanTree(xml) ?? parseTree(xml);
}

/** The fast path; null when the text leaves the serializer's dialect. */
export function scanTree(xml: string): XmlNode | null {
  const top: XmlNode = { tag: "", attrs: {}, children: [] };
  const stack: XmlNode[] = [top];
  // A sticky regex carries its position: one per call.
  const TOKEN = new RegExp(TOKEN_SOURCE, "y");
  TOKEN.lastIndex = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(xml);
    if (m === null || m.index !== at) return null;
    if (m[1] !== undefined) {
      const node: XmlNode = { tag: m[1], attrs: readAttributes(m[2]), children: [] };
      stack[stack.length - 1].children.push(node);
      if (m[3] !== "/") stack.push(node);
    } else if (m[4] !== undefined) {
      const open = stack.pop();
      if (open === undefined || open === top || open.tag !== m[4]) return null;
    }
  }
  if (stack.length !== 1 || top.children.length !== 1) return null;
  return top.children[0];
}

function readAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (text === "") return attrs;
  for (const m of text.matchAll(ATTRIBUTE)) attrs[m[1]] = decodeEntities(m[2]);
  return attrs;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Decodes the XML entities a serializer writes: the five named ones and numeric references.
 *
 * @example
 * ```ts
 * decodeEntities("Tom &amp; Jerry &#128077;"); // "Tom & Jerry 👍"
 * ```
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref] ?? whole;
    const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

type Ordered = Record<string, unknown>;

/** The general path, through fast-xml-parser (document order kept across tag names). */
export function parseTree(xml: string): XmlNode {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    preserveOrder: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Attribute values are kept as written, blanks included.
    trimValues: false,
    processEntities: true,
    htmlEntities: true,
  });
  // The parser itself is lenient (an unclosed tag closes at the end): validate first.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new XmlTreeError(`not XML: ${msg} (line ${line}, column ${col})`);
  }
  let doc: Ordered[];
  try {
    doc = parser.parse(xml) as Ordered[];
  } catch (err) {
    throw new XmlTreeError(`not XML: ${err instanceof Error ? err.message : err}`);
  }
  const roots = (Array.isArray(doc) ? doc : []).map(fromOrdered).filter((n) => n !== null);
  if (roots.length !== 1) {
    throw new XmlTreeError(`expected one root element, found ${roots.length}`);
  }
  return roots[0];
}

function fromOrdered(entry: Ordered): XmlNode | null {
  const tag = Object.keys(entry).find((k) => k !== ":@" && k !== "#text" && k !== "#comment");
  if (tag === undefined) return null;
  const rawAttrs = (entry[":@"] ?? {}) as Record<string, unknown>;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = String(v);
  const kids = Array.isArray(entry[tag]) ? entry[tag] as Ordered[] : [];
  return { tag, attrs, children: kids.map(fromOrdered).filter((n) => n !== null) };
}
