/**
 * What a parsed YAML document becomes once its aliases are expanded, measured before expanding
 * anything: each alias resolves to its anchor, and the document is refused when aliases would
 * add more than `MAX_ALIAS_NODES` nodes (a 300-byte "billion laughs" file expands to billions)
 * or when collections, aliased ones included, nest deeper than `MAX_NESTING_DEPTH`. One pass
 * over the document as written, so the check costs as little as the file is small.
 * See docs/input-limits.md.
 *
 * @module
 */
import { isAlias, isMap, isPair, isSeq } from "yaml";
import type { Alias, Node as YamlNode } from "yaml";
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from "./limits.ts";
import type { LoadErrorCode } from "./load_error.ts";

/** Why a document cannot be expanded, at a source offset. */
export interface ExpansionProblem {
  offset: number;
  code: LoadErrorCode;
  message: string;
}

/** Each alias of the document and the node it stands for. */
export type AliasTargets = Map<Alias, YamlNode>;

/** Node count and collection height of a subtree, aliases expanded. */
interface Extent {
  size: number;
  height: number;
}

/** Internal: stops the walk at the first problem. */
class Refused {
  constructor(readonly problem: ExpansionProblem) {}
}

/**
 * Resolves every alias under `root` (the anchor most recently declared before it, as the YAML
 * spec says) and checks the limits; the first problem in document order wins.
 */
export function planExpansion(root: unknown): { targets: AliasTargets } | ExpansionProblem {
  const anchors = new Map<string, YamlNode>();
  // Extents of anchored nodes whose subtree is complete; an anchor still being walked is absent.
  const finished = new Map<YamlNode, Extent>();
  const targets: AliasTargets = new Map();
  let aliasNodes = 0;

  const refuse = (node: unknown, code: LoadErrorCode, message: string): never => {
    const offset = (node as YamlNode).range?.[0] ?? 0;
    throw new Refused({ offset, code, message });
  };

  /** `enclosing`: collections around `n`. */
  const visit = (n: unknown, enclosing: number): Extent => {
    if (n === null || n === undefined) return { size: 0, height: 0 };
    if (isAlias(n)) {
      const target = anchors.get(n.source);
      if (target === undefined) {
        return refuse(n, "E_YAML", `alias *${n.source} names no anchor (&${n.source}) before it`);
      }
      const extent = finished.get(target);
      if (extent === undefined) {
        return refuse(n, "E_ALIAS_LIMIT", `alias *${n.source} refers to a node that contains it`);
      }
      aliasNodes += extent.size;
      if (aliasNodes > MAX_ALIAS_NODES) {
        refuse(
          n,
          "E_ALIAS_LIMIT",
          `alias *${n.source}: aliases expand this document by more than ${MAX_ALIAS_NODES} ` +
            "nodes (the limit, docs/input-limits.md)",
        );
      }
      if (enclosing + extent.height > MAX_NESTING_DEPTH) tooDeep(n);
      targets.set(n, target);
      return extent;
    }
    const node = n as YamlNode;
    const anchor = node.anchor;
    if (anchor) anchors.set(anchor, node);
    const extent: Extent = { size: 1, height: 0 };
    if (isMap(node) || isSeq(node)) {
      if (enclosing + 1 > MAX_NESTING_DEPTH) tooDeep(node);
      extent.height = 1;
      const add = (child: unknown) => {
        const e = visit(child, enclosing + 1);
        extent.size += e.size;
        extent.height = Math.max(extent.height, 1 + e.height);
      };
      for (const item of node.items) {
        if (isPair(item)) {
          add(item.key);
          add(item.value);
        } else add(item);
      }
    }
    if (anchor) finished.set(node, extent);
    return extent;
  };

  const tooDeep = (node: unknown): never => refuse(node, "E_DEPTH_LIMIT", nestingMessage());

  try {
    visit(root, 0);
    return { targets };
  } catch (err) {
    if (err instanceof Refused) return err.problem;
    throw err;
  }
}

/** The `E_DEPTH_LIMIT` message (also used when the parser itself runs out of stack). */
export function nestingMessage(): string {
  return `mappings and lists nest deeper than ${MAX_NESTING_DEPTH} levels ` +
    "(the limit, docs/input-limits.md)";
}
