import assert from "node:assert/strict";
import { parseYaml } from "../../src/yaml/parse.ts";
import { newReadContext, type ReadContext } from "../../src/yaml/read_context.ts";
import {
  dictOf,
  enumOf,
  listOf,
  numWhere,
  type Reader,
  record,
  strOrList,
} from "../../src/yaml/combinators.ts";
import { closedEntries } from "../../src/yaml/mapping.ts";
import { bool, int, num, str } from "../../src/yaml/scalars.ts";

function read<T>(yaml: string, reader: Reader<T>, ctx: ReadContext = newReadContext()) {
  const { node } = parseYaml(yaml, "x.yaml");
  const value = reader(ctx, node!, "x");
  return { value, errors: ctx.errors.map((e) => `${e.code} ${e.path}: ${e.message}`) };
}

Deno.test("record: declared fields read, unknown keys hinted, required keys enforced", () => {
  const viewport = record({ width: int, height: int }, { required: ["width", "height"] });
  assert.deepEqual(read("{ width: 10, height: 20 }", viewport), {
    value: { width: 10, height: 20 },
    errors: [],
  });
  assert.deepEqual(read("{ widht: 10 }", viewport).errors, [
    'E_UNKNOWN_KEY x.widht: unknown key "widht" (did you mean "width"?); allowed: width, height',
    'E_REQUIRED x: missing required key "width"',
    'E_REQUIRED x: missing required key "height"',
  ]);
  assert.deepEqual(read("[1]", viewport).errors, ["E_TYPE x: expected a mapping, got a list"]);
  const top = record({ a: str }, { ignored: ["ui"] });
  assert.deepEqual(read("{ a: b, ui: { anything: 1 } }", top), { value: { a: "b" }, errors: [] });
});

Deno.test("listOf, dictOf, strOrList, enumOf, numWhere", () => {
  assert.deepEqual(read("[a, 1]", listOf(str)), {
    value: ["a"],
    errors: [
      'E_TYPE x[1]: expected a string, got number 1; quote it to pass it as text (e.g. "1")',
    ],
  });
  assert.deepEqual(read("a", listOf(str)).errors, ['E_TYPE x: expected a list, got string "a"']);
  assert.deepEqual(read("{ k: v }", dictOf(str)).value, { k: "v" });
  assert.deepEqual(read("web", strOrList(str)).value, ["web"]);
  assert.deepEqual(read("[web, fake]", strOrList(str)).value, ["web", "fake"]);
  assert.deepEqual(read("{}", strOrList(str)).errors, [
    "E_TYPE x: expected a string or a list of strings, got a mapping",
  ]);
  assert.deepEqual(read("opera", enumOf(["chromium", "firefox"] as const)).errors, [
    'E_ENUM x: expected one of chromium, firefox, got string "opera"',
  ]);
  const port = numWhere(int, (n) => n >= 1 && n <= 65535, "a port in 1..65535");
  assert.deepEqual(read("0", port).errors, ["E_TYPE x: expected a port in 1..65535, got 0"]);
});

Deno.test("scalars are strict unless the context reads scenario grammar", () => {
  assert.deepEqual(read('"5"', num).errors, ['E_TYPE x: expected a number, got string "5"']);
  assert.deepEqual(read('"true"', bool).errors, [
    'E_TYPE x: expected a boolean (true or false), got string "true"',
  ]);
  const scenario = () => newReadContext({ scalarsAsText: true });
  assert.deepEqual(read('"5"', num, scenario()), { value: 5, errors: [] });
  assert.deepEqual(read('"true"', bool, scenario()), { value: true, errors: [] });
  // A token is deferred in a raw pass only in scenario grammar.
  const raw = newReadContext({ scalarsAsText: true, raw: true });
  assert.deepEqual(read('"${row.n}"', num, raw), { value: undefined, errors: [] });
  assert.equal(raw.deferred, true);
  assert.deepEqual(read('"${row.n}"', num).errors, [
    'E_TYPE x: expected a number, got string "${row.n}"',
  ]);
});

Deno.test("closedEntries: only declared keys come back; required ones are reported missing", () => {
  const ctx = newReadContext();
  const { node } = parseYaml("{ elements: [], colour: red }", "x.yaml");
  const f = closedEntries(ctx, node!, "s", ["elements", "collapsed"], ["elements", "collapsed"]);
  assert.deepEqual([...f!.keys()], ["elements"]);
  assert.deepEqual(ctx.errors.map((e) => e.code), ["E_UNKNOWN_KEY", "E_REQUIRED"]);
  assert.equal(closedEntries(ctx, parseYaml("[]", "x.yaml").node!, "s", []), undefined);
});
