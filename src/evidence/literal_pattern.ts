/**
 * One regular expression for a set of literal strings, built as a trie so that matching costs
 * about one character test per text position however many literals there are (a flat
 * `a|b|c…` alternation tries every literal at every position). At each position the longest
 * literal wins, so a secret that contains another one is masked whole.
 *
 * A literal may also match by prefix: with `minLength` below its length, every prefix of at
 * least `minLength` code units matches too (how typed secrets are masked in traffic logs).
 *
 * @module
 */

/** A literal to match, whole or by any prefix of at least `minLength` code units. */
export interface Literal {
  text: string;
  /** Shortest matching prefix; the text's length (or more) means "whole only". */
  minLength: number;
}

interface Node {
  children: Map<string, Node>;
  accepting: boolean;
}

const SPECIAL = /[.*+?^${}()|[\]\\/-]/;

function escapeChar(c: string): string {
  return SPECIAL.test(c) ? `\\${c}` : c;
}

function newNode(): Node {
  return { children: new Map(), accepting: false };
}

/** The trie of `literals`, empty texts left out; null when nothing remains. */
function buildTrie(literals: Iterable<Literal>): Node | null {
  const root = newNode();
  let any = false;
  for (const { text, minLength } of literals) {
    if (text === "") continue;
    any = true;
    const from = Math.max(1, Math.min(minLength, text.length));
    let node = root;
    for (let i = 0; i < text.length; i++) {
      let next = node.children.get(text[i]);
      if (next === undefined) node.children.set(text[i], next = newNode());
      node = next;
      if (i + 1 >= from) node.accepting = true;
    }
  }
  return any ? root : null;
}

/**
 * Regex source for the subtree under `node`. Iterative (a long secret makes a deep trie): each
 * frame emits one branching node; a run of single children is written as plain text.
 */
function trieSource(root: Node): string {
  const out: string[] = [];
  // Work items: a node to expand, or a literal string to emit.
  const stack: Array<Node | string> = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    let node = item;
    // A chain: one child, not accepting (an accepting node needs the optional group).
    while (node.children.size === 1 && !node.accepting) {
      const [c, child] = node.children.entries().next().value!;
      out.push(escapeChar(c));
      node = child;
    }
    if (node.children.size === 0) continue;
    // Children first, then the empty alternative: the longest literal wins.
    const branches = [...node.children];
    const tail = node.accepting ? "|)" : ")";
    stack.push(tail);
    for (let i = branches.length - 1; i >= 0; i--) {
      const [c, child] = branches[i];
      stack.push(child);
      stack.push((i === 0 ? "(?:" : "|") + escapeChar(c));
    }
  }
  return out.join("");
}

/**
 * A global regex matching any of `literals` (longest first), or null when there is none.
 *
 * @example
 * ```ts
 * "a cat, a catalog".replace(literalPattern([{ text: "cat", minLength: 3 }, { text: "catalog", minLength: 7 }])!, "#");
 * // "a #, a #"
 * ```
 */
export function literalPattern(literals: Iterable<Literal>): RegExp | null {
  const root = buildTrie(literals);
  return root === null ? null : new RegExp(trieSource(root), "g");
}
