/**
 * The screens part of the fake app file: a screen is a list of element nodes (or a mapping with
 * `elements` and `collapsed`); a `scroll:` node is a scrolling region with its own content.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { keyPath, type ReadContext } from "../../yaml/read_context.ts";
import { closedEntries, seqNode } from "../../yaml/mapping.ts";
import { bool, nonEmptyStr, oneOf, strList } from "../../yaml/scalars.ts";
import { frame, nullableText } from "./app_file_values.ts";
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
  ctx: ReadContext,
  name: string,
  node: PNode,
  path: string,
): FakeScreenSpec | undefined {
  let list = node;
  let collapsed: FakeScreenSpec["collapsed"] = null;
  if (node.kind === "map") {
    const f = closedEntries(ctx, node, path, ["elements", "collapsed"], ["elements"]);
    if (f === undefined || !f.has("elements")) return undefined;
    list = f.get("elements")!.value;
    const c = f.get("collapsed")?.value;
    if (c) {
      const mode = oneOf(ctx, c, keyPath(path, "collapsed"), ["empty", "root"] as const);
      if (mode === undefined) return undefined;
      collapsed = mode;
    }
    path = keyPath(path, "elements");
  }
  const items = seqNode(ctx, list, path)?.items;
  if (items === undefined) return undefined;
  const nodes = items.map((item, i) => readNode(ctx, item, `${path}[${i}]`));
  return nodes.every((n) => n !== undefined) ? { name, nodes, collapsed } : undefined;
}

function readNode(ctx: ReadContext, node: PNode, path: string): FakeNodeSpec | undefined {
  const isScroll = node.kind === "map" && node.entries.some((e) => e.key === "scroll");
  return isScroll ? readScroll(ctx, node, path) : readElement(ctx, node, path);
}

function readScroll(ctx: ReadContext, node: PNode, path: string): FakeScrollSpec | undefined {
  const outer = closedEntries(ctx, node, path, ["scroll"], ["scroll"]);
  if (outer === undefined || !outer.has("scroll")) return undefined;
  const at = keyPath(path, "scroll");
  const f = closedEntries(ctx, outer.get("scroll")!.value, at, ["id", "viewport", "content"], [
    "viewport",
    "content",
  ]);
  if (f === undefined || !f.has("viewport") || !f.has("content")) return undefined;
  const idNode = f.get("id")?.value;
  const identifier = idNode ? nonEmptyStr(ctx, idNode, keyPath(at, "id")) : null;
  const viewport = frame(ctx, f.get("viewport")!.value, keyPath(at, "viewport"));
  const items = seqNode(ctx, f.get("content")!.value, keyPath(at, "content"))?.items;
  const content = (items ?? []).map((item, i) => readElement(ctx, item, `${at}.content[${i}]`));
  if (
    identifier === undefined || viewport === undefined || items === undefined ||
    !content.every((c) => c !== undefined)
  ) return undefined;
  return { kind: "scroll", identifier, viewport, content };
}

/** `{id?, label?, value?, traits?, frame, hidden?, options?, focused?}` */
export function readElement(
  ctx: ReadContext,
  node: PNode,
  path: string,
): FakeElementSpec | undefined {
  const f = closedEntries(ctx, node, path, ELEMENT_KEYS, ["frame"]);
  if (f === undefined || !f.has("frame")) return undefined;
  const get = (k: string) => f.get(k)?.value;
  let ok = true;
  const need = <T>(v: T | undefined): T | undefined => {
    if (v === undefined) ok = false;
    return v;
  };
  const el = fakeElement();
  if (get("id")) el.identifier = need(nonEmptyStr(ctx, get("id")!, keyPath(path, "id"))) ?? null;
  for (const key of ["label", "value"] as const) {
    if (!get(key)) continue;
    const s = nullableText(ctx, get(key)!, keyPath(path, key));
    if (s === undefined) ok = false;
    else el[key] = s;
  }
  if (get("traits")) {
    el.traits = need(strList(ctx, get("traits")!, keyPath(path, "traits"))) ?? [];
  }
  el.frame = need(frame(ctx, get("frame")!, keyPath(path, "frame"))) ?? el.frame;
  if (get("hidden")) {
    el.hidden = need(bool(ctx, get("hidden")!, keyPath(path, "hidden"))) ?? false;
  }
  if (get("focused")) {
    el.focused = need(bool(ctx, get("focused")!, keyPath(path, "focused"))) ?? false;
  }
  if (get("options")) {
    el.options = need(strList(ctx, get("options")!, keyPath(path, "options"))) ?? null;
  }
  return ok ? el : undefined;
}
