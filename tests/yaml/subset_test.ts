import assert from "node:assert/strict";
import { join } from "node:path";
import { parseYamlFull } from "../../src/yaml/parse.ts";
import { parseYamlSubset } from "../../src/yaml/subset.ts";
import { INVALID_DIR, VALID_DIR } from "../scenario/fixture_paths.ts";

/** The fast path must either decline or agree exactly with the full parser. */
function assertAgrees(text: string): boolean {
  const fast = parseYamlSubset(text, "f.yaml");
  if (fast === undefined) return false;
  const full = parseYamlFull(text, "f.yaml");
  assert.deepEqual(full.errors, [], `fast path accepted text the full parser rejects:\n${text}`);
  assert.deepEqual(fast, full.node, `fast path disagrees on:\n${text}`);
  return true;
}

function yamlFilesUnder(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory) return yamlFilesUnder(p);
    return e.name.endsWith(".yaml") ? [p] : [];
  });
}

const HANDLED = [
  "",
  "# only a comment\n",
  "a: 1\n",
  "a: b # comment\nc: 'it''s'\nd: \"x\\u00e9\\n\\\"q\\\"\"\n",
  "a:\n- 1\n- 2\nb: 3\n",
  "- a: 1\n  b: [x, {y: z}]\n- - nested\n  - seq\n-\n- # empty\n",
  "a:  # comment\n  b: 1\n\n  c:\n",
  'a: {x: 1, y: [2, 3], z: {w: "q"}, n: , m: }\nb: [ ]\nc: { }\n',
  "a: {\n    x: 1,\n    y: [\n      2,\n    ],\n  }\n",
  "  indented: root\n  second: key\n",
  "just a scalar\n",
  "a: http://x.y:8/z?q=1#frag\nb: a:b\nc: -UITestMode\nd: -1.57\n",
  "n: [~, null, Null, NULL, true, False, TRUE, 0x1F, 0o17, 007, +3, -0, 1e3, .5, .inf, -.Inf, .NaN]\n",
  "s: [yes, no, on, off, 1_000, 0b1, 1.2.3, ねこ, 'a: b', \"#x\"]\n",
  "\"quoted key\": 1\n'single': 2\nspaced key  : 3\n",
  "a: {\"q\":1, 'r': x}\n",
];

const DECLINED = [
  "a: &x 1\nb: *x\n",
  "a: !!str 1\n",
  "a: |\n  text\n",
  "a: >\n  folded\n",
  "a: multi\n  line plain\n",
  "a: 'multi\n  line'\n",
  "---\na: 1\n",
  "a: 1\n...\n",
  "%YAML 1.2\n---\na: 1\n",
  "a: 1\r\nb: 2\r\n",
  "a:\tb\n",
  "a: 1\na: 2\n",
  "1: x\n",
  "true: x\n",
  "<<: {a: 1}\n",
  "? complex\n: key\n",
  "a: [b: c]\n",
  "a: {b}\n",
  "a: [1, , 2]\n",
  "a: {b: 1\n",
  "a: b: c\n",
  "a: 1\n  b: 2\n",
  "- a\nb: 1\n",
  'a: "bad \\q escape"\n',
  "a: [1,\n2]\n",
];

Deno.test("the fast path handles plain scenario YAML exactly like the full parser", () => {
  for (const text of HANDLED) {
    assert.ok(assertAgrees(text), `declined:\n${text}`);
  }
});

Deno.test("the fast path declines what it does not cover, and never disagrees", () => {
  for (const text of DECLINED) {
    assert.equal(parseYamlSubset(text, "f.yaml"), undefined, `accepted:\n${text}`);
  }
});

Deno.test("every fixture file parses the same on both paths", () => {
  const files = [...yamlFilesUnder(VALID_DIR), ...yamlFilesUnder(INVALID_DIR)];
  let fast = 0;
  for (const file of files) {
    if (assertAgrees(Deno.readTextFileSync(file))) fast++;
  }
  // Only syntax errors and multi-line scalars should need the full parser.
  assert.ok(fast >= files.length - 6, `${fast} of ${files.length} on the fast path`);
});

Deno.test("randomly mutated fixtures never make the two paths disagree", () => {
  const texts = yamlFilesUnder(VALID_DIR).map((f) => Deno.readTextFileSync(f));
  const alphabet = [" ", ":", "-", "#", "{", "}", "[", "]", ",", '"', "'", "\n", "\n  ", "- ", "a"];
  let seed = 20240601;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  let accepted = 0;
  for (let n = 0; n < 300; n++) {
    let t = texts[rnd(texts.length)];
    const at = rnd(t.length + 1);
    t = rnd(2) === 0
      ? t.slice(0, at) + t.slice(at + 1 + rnd(3))
      : t.slice(0, at) + alphabet[rnd(alphabet.length)] + t.slice(at);
    if (assertAgrees(t)) accepted++;
  }
  assert.ok(accepted > 50, `only ${accepted} mutants took the fast path`);
});
