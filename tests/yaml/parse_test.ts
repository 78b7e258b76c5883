/**
 * The YAML entry point's input limits (docs/input-limits.md): alias expansion, nesting depth, a
 * leading byte-order mark. The full-parser and fast paths must agree on each.
 */
import assert from "node:assert/strict";
import { parseYaml } from "../../src/yaml/parse.ts";
import { toPlain } from "../../src/yaml/pnode.ts";
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from "../../src/yaml/limits.ts";
import { ALIAS_BOMB } from "../scenario/hostile_yaml.ts";

const codes = (text: string) =>
  parseYaml(text, "t.yaml").errors.map((e) => `${e.line}:${e.col} ${e.code}`);

Deno.test("an alias bomb is E_ALIAS_LIMIT at the alias that crosses the limit", () => {
  // Expanded node counts: a = 10, b = 91, c = 820, d = 7381; the aliases inside b, c and d add
  // 8,289, so the first *d of line 5 (7,381 more) is the one past 10,000.
  const r = parseYaml(ALIAS_BOMB, "bomb.yaml");
  assert.equal(r.node, null);
  assert.equal(r.errors.length, 1);
  const [e] = r.errors;
  assert.deepEqual([e.file, e.line, e.col, e.code], ["bomb.yaml", 5, 8, "E_ALIAS_LIMIT"]);
  assert.match(e.message, /alias \*d: .*more than 10000 nodes/);
});

Deno.test("aliases may add exactly the limit, and not one node more", () => {
  // An anchored list of 99 scalars is 100 nodes; 100 aliases to it add 10,000.
  const size = 100;
  assert.equal(MAX_ALIAS_NODES % size, 0, "the test assumes the limit is a multiple of 100");
  const uses = MAX_ALIAS_NODES / size;
  const anchor = `base: &x [${Array(size - 1).fill("v").join(", ")}]\n`;
  const at = (n: number) => `${anchor}uses:\n${"  - *x\n".repeat(n)}`;
  const ok = parseYaml(at(uses), "t.yaml");
  assert.deepEqual(ok.errors, []);
  const plain = toPlain(ok.node!) as { uses: string[][] };
  assert.equal(plain.uses.length, uses);
  assert.equal(plain.uses[uses - 1].length, size - 1);
  assert.deepEqual(codes(at(uses + 1)), [`${uses + 3}:5 E_ALIAS_LIMIT`]);
});

Deno.test("anchors, aliases and merge keys still resolve as before", () => {
  const r = parseYaml(
    "base: &b { x: 1, y: 2 }\nover:\n  <<: *b\n  y: 3\nlist: [*b, *b]\nlast: &b 9\nagain: *b\n",
    "t.yaml",
  );
  assert.deepEqual(r.errors, []);
  assert.deepEqual(toPlain(r.node!), {
    base: { x: 1, y: 2 },
    over: { x: 1, y: 3 },
    list: [{ x: 1, y: 2 }, { x: 1, y: 2 }],
    last: 9,
    // An alias names the most recent anchor of that name before it.
    again: 9,
  });
});

Deno.test("an alias inside its own anchor is E_ALIAS_LIMIT, not a stack overflow", () => {
  assert.deepEqual(codes("a: &x [1, *x]\n"), ["1:11 E_ALIAS_LIMIT"]);
  assert.deepEqual(codes("a: &x\n  b: *x\n"), ["2:6 E_ALIAS_LIMIT"]);
});

Deno.test("an alias with no anchor before it is an error, not a silent null", () => {
  assert.deepEqual(codes("a: *nope\n"), ["1:4 E_YAML"]);
  assert.deepEqual(codes("a: *later\nb: &later 1\n"), ["1:4 E_YAML"]);
});

/** `levels` nested block mappings, `k:` per line, two spaces deeper each. */
function blockNesting(levels: number): string {
  let text = "";
  for (let i = 0; i < levels; i++) text += `${"  ".repeat(i)}k:\n`;
  return text + `${"  ".repeat(levels)}leaf\n`;
}

/** `levels` nested flow lists on one line. */
const flowNesting = (levels: number) => "[".repeat(levels) + "]".repeat(levels) + "\n";

Deno.test("nesting up to the depth limit parses, one level more is E_DEPTH_LIMIT at it", () => {
  const max = MAX_NESTING_DEPTH;
  // Block style: the fast path declines the too-deep document; the full parser reports it
  // where the mapping of level max + 1 starts.
  assert.deepEqual(codes(blockNesting(max)), []);
  assert.deepEqual(codes(blockNesting(max + 1)), [`${max + 1}:${2 * max + 1} E_DEPTH_LIMIT`]);
  // Flow style.
  assert.deepEqual(codes(flowNesting(max)), []);
  assert.deepEqual(codes(flowNesting(max + 1)), [`1:${max + 1} E_DEPTH_LIMIT`]);
  // The same with an anchor, which always takes the full parser.
  assert.deepEqual(codes("&a " + flowNesting(max)), []);
  assert.deepEqual(codes("&a " + flowNesting(max + 1)), [`1:${max + 4} E_DEPTH_LIMIT`]);
});

Deno.test("nesting far past the limit is still E_DEPTH_LIMIT where the limit is crossed", () => {
  // Thousands of levels exhaust the YAML library's own stack; the error still names the first
  // collection past the limit.
  for (const levels of [1_000, 100_000]) {
    assert.deepEqual(codes(flowNesting(levels)), [`1:${MAX_NESTING_DEPTH + 1} E_DEPTH_LIMIT`]);
  }
  const deepBlock = codes(blockNesting(1_000));
  assert.deepEqual(deepBlock, [
    `${MAX_NESTING_DEPTH + 1}:${2 * MAX_NESTING_DEPTH + 1} E_DEPTH_LIMIT`,
  ]);
});

Deno.test("an alias counts at the depth it is used", () => {
  // A 60-level anchor used 50 levels deep nests 110 levels.
  const anchor = `top: &deep ${flowNesting(60)}`;
  let use = "*deep";
  for (let i = 0; i < 50; i++) use = `[${use}]`;
  assert.deepEqual(codes(`${anchor}use: ${use}\n`).map((c) => c.split(" ")[1]), [
    "E_DEPTH_LIMIT",
  ]);
  assert.deepEqual(codes(`${anchor}use: [[*deep]]\n`), []);
});

Deno.test("a byte-order mark is ignored before a list as before a mapping", () => {
  for (const text of ["\uFEFF- name: a\n  steps: []\n", "\uFEFF- a\n- [b, c]\n"]) {
    const r = parseYaml(text, "t.yaml");
    assert.deepEqual(r.errors, []);
    assert.equal(r.node?.kind, "seq");
    // Columns are those the author sees: the mark takes none.
    assert.deepEqual([r.node!.pos.line, r.node!.pos.col], [1, 1]);
  }
  const map = parseYaml("\uFEFFscenarios: []\n", "t.yaml");
  assert.deepEqual(toPlain(map.node!), { scenarios: [] });
});

Deno.test("a key that is not a string is E_TYPE at the key, described as any node is", () => {
  const { errors } = parseYaml("? [a, b]\n: 1\n? ~\n: 2\n3: x\n", "k.yaml");
  assert.deepEqual(errors.map((e) => [e.line, e.code, e.message]), [
    [1, "E_TYPE", "mapping keys must be strings, got a list"],
    [3, "E_TYPE", "mapping keys must be strings, got null (an empty value)"],
    [5, "E_TYPE", "mapping keys must be strings, got number 3"],
  ]);
});

Deno.test("keysAsText reads number, boolean and null keys as their text; off by default", () => {
  const text = "when:\n  true: ${A}\n  3: three\n  null: none\n";
  assert.deepEqual(codes(text), ["2:3 E_TYPE", "3:3 E_TYPE", "4:3 E_TYPE"]);
  const r = parseYaml(text, "t.yaml", { keysAsText: true });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(toPlain(r.node!), { when: { true: "${A}", 3: "three", null: "none" } });
  // A collection as a key is still no text.
  const list = parseYaml("? [a]\n: b\n", "t.yaml", { keysAsText: true });
  assert.equal(list.errors[0]?.code, "E_TYPE");
});
