/**
 * The screens part of the fake app file: a screen is a list of element nodes (or a mapping with
 * `elements` and `collapsed`); a `scroll:` node is a scrolling region with its own content.
 *
 * @module
 */
import type { PNode } from "../../scenario/pnode.ts";
import { join, type NodeReader } from "./app_file_reader.ts";
import { fakeElement } from "./build.ts";
import type { FakeElementSpec, FakeNodeSpec, FakeScreenSpec, FakeScrollSpec } from "./types.ts";

const ELEMENT_KEYS = [
  "id",
  "label",
  "value",
  "traits",
  "frame",
  "hidden",
  "options",
  "focused",
] as const;

/** One `screens.<name>` entry. */
export function readScreen(
  r: NodeReader,
  name: string,
  node: PNode,
  path: string,
): FakeScreenSpec | null {
  let list = node;
  let collapsed: FakeScreenSpec["collapsed"] = null;
  if (node.kind === "map") {
    const f = r.map(node, path, ["elements", "collapsed"], ["elements"]);
    if (f === null || !f.has("elements")) return null;
    list = f.get("elements")!.value;
    const c = f.get("collapsed")?.value;
    if (c) {
      collapsed = r.oneOf(c, join(path, "collapsed"), ["empty", "root"]);
      if (collapsed === null) return null;
    }
    path = join(path, "elements");
  }
  const items = r.seq(list, path);
  if (items === null) return null;
  const nodes = items.map((item, i) => readNode(r, item, `${path}[${i}]`));
  return nodes.every((n) => n !== null)
    ? { name, nodes: nodes as FakeNodeSpec[], collapsed }
    : null;
}

function readNode(r: NodeReader, node: PNode, path: string): FakeNodeSpec | null {
  const isScroll = node.kind === "map" && node.entries.some((e) => e.key === "scroll");
  return isScroll ? readScroll(r, node, path) : readElement(r, node, path);
}

function readScroll(r: NodeReader, node: PNode, path: string): FakeScrollSpec | null {
  const outer = r.map(node, path, ["scroll"], ["scroll"]);
  if (outer === null || !outer.has("scroll")) return null;
  const at = join(path, "scroll");
  const f = r.map(outer.get("scroll")!.value, at, ["id", "viewport", "content"], [
    "viewport",
    "content",
  ]);
  if (f === null || !f.has("viewport") || !f.has("content")) return null;
  const idNode = f.get("id")?.value;
  const identifier = idNode ? r.name(idNode, join(at, "id")) : null;
  const viewport = r.frame(f.get("viewport")!.value, join(at, "viewport"));
  const items = r.seq(f.get("content")!.value, join(at, "content"));
  const content = (items ?? []).map((item, i) => readElement(r, item, `${at}.content[${i}]`));
  if (
    (idNode && identifier === null) || viewport === null || items === null ||
    content.some((c) => c === null)
  ) return null;
  return { kind: "scroll", identifier, viewport, content: content as FakeElementSpec[] };
}

/** `{id?, label?, value?, traits?, frame, hidden?, options?, focused?}` */
export function readElement(r: NodeReader, node: PNode, path: string): FakeElementSpec | null {
  const f = r.map(node, path, ELEMENT_KEYS, ["frame"]);
  if (f === null || !f.has("frame")) return null;
  const get = (k: string) => f.get(k)?.value;
  let ok = true;
  const need = <T>(v: T | null | undefined): T | undefined => {
    if (v === null || v === undefined) ok = false;
    return v ?? undefined;
  };
  const el = fakeElement();
  if (get("id")) el.identifier = need(r.name(get("id")!, join(path, "id"))) ?? null;
  for (const key of ["label", "value"] as const) {
    if (!get(key)) continue;
    const s = r.nullableText(get(key)!, join(path, key));
    if (s === undefined) ok = false;
    else el[key] = s;
  }
  if (get("traits")) el.traits = need(r.stringList(get("traits")!, join(path, "traits"))) ?? [];
  el.frame = need(r.frame(get("frame")!, join(path, "frame"))) ?? el.frame;
  if (get("hidden")) el.hidden = need(r.boolean(get("hidden")!, join(path, "hidden"))) ?? false;
  if (get("focused")) el.focused = need(r.boolean(get("focused")!, join(path, "focused"))) ?? false;
  if (get("options")) {
    el.options = need(r.stringList(get("options")!, join(path, "options"))) ?? null;
  }
  return ok ? el : null;
}
