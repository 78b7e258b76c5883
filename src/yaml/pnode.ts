/**
 * A positioned YAML value: the parse result every loader stage (validation, components, data
 * rows, setup) works on, so an error anywhere can name the file, line and column it came from,
 * even after a component's steps were spliced into another file's scenario.
 *
 * @module
 */

import type { SourcePos } from "../model/source_pos.ts";

export type { SourcePos };

export type PNode =
  | { kind: "map"; pos: SourcePos; entries: PEntry[] }
  | { kind: "seq"; pos: SourcePos; items: PNode[] }
  | { kind: "scalar"; pos: SourcePos; value: string | number | boolean | null };

/** A mapping entry keeps the key's own position (unknown-key errors point at the key). */
export interface PEntry {
  key: string;
  keyPos: SourcePos;
  value: PNode;
}

/** Looks up a key in a mapping node. */
export function getEntry(node: PNode, key: string): PEntry | undefined {
  return node.kind === "map" ? node.entries.find((e) => e.key === key) : undefined;
}

/** Strips positions: the plain JS value of a node (for JSON Schema checks and snapshots). */
export function toPlain(node: PNode): unknown {
  switch (node.kind) {
    case "scalar":
      return node.value;
    case "seq":
      return node.items.map(toPlain);
    case "map":
      return Object.fromEntries(node.entries.map((e) => [e.key, toPlain(e.value)]));
  }
}

/**
 * The first collection (in document order) nested more than `maxDepth` levels deep, `node`
 * itself being level 1 when it is a collection; undefined when there is none. Iterative, so a
 * tree of any depth is measured without recursion.
 */
export function firstTooDeep(node: PNode, maxDepth: number): PNode | undefined {
  const pending: Array<[PNode, number]> = [[node, 1]];
  while (pending.length > 0) {
    const [n, level] = pending.pop()!;
    if (n.kind === "scalar") continue;
    if (level > maxDepth) return n;
    const children = n.kind === "seq" ? n.items : n.entries.map((e) => e.value);
    for (let i = children.length - 1; i >= 0; i--) pending.push([children[i], level + 1]);
  }
  return undefined;
}
