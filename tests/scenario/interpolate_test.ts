import assert from "node:assert/strict";
import {
  interpolatePNode,
  interpolateString,
  interpolateValue,
  namespaceLookup,
  TOKEN_PATTERN,
  tokensInPNode,
} from "../../src/scenario/interpolate.ts";
import { parseYaml } from "../../src/yaml/parse.ts";
import { type PNode, toPlain } from "../../src/yaml/pnode.ts";

const vars = namespaceLookup({ vars: { user: "alice", n: "3" }, secrets: { pw: "s3cret" } });

Deno.test("a string that is exactly one token becomes the bound value", () => {
  assert.deepEqual(interpolateString("${vars.user}", vars), { value: "alice", unbound: [] });
});

Deno.test("tokens inside a longer string are spliced as text", () => {
  const r = interpolateString("hi ${vars.user}, n=${vars.n}; pw=${secrets.pw}", vars);
  assert.equal(r.value, "hi alice, n=3; pw=s3cret");
});

Deno.test("whitespace inside the braces is trimmed", () => {
  assert.equal(interpolateString("[${  vars.user }]", vars).value, "[alice]");
  assert.equal(interpolateString("${ vars.n\t}", vars).value, "3");
});

Deno.test("unbound tokens stay verbatim and are listed once each", () => {
  const r = interpolateString("${vars.x} ${row.q} ${vars.x} ${vars.user}", vars);
  assert.equal(r.value, "${vars.x} ${row.q} ${vars.x} alice");
  assert.deepEqual(r.unbound, ["vars.x", "row.q"]);
});

Deno.test("only the namespaces given are substituted", () => {
  const rowOnly = namespaceLookup({ row: { q: "milk" } });
  const r = interpolateString("${row.q} ${vars.q} ${params.q}", rowOnly);
  assert.equal(r.value, "milk ${vars.q} ${params.q}");
});

Deno.test("text that is not a namespaced token is left alone", () => {
  for (const s of ["${}", "${user}", "$vars.user", "${vars.}", "{vars.user}", "${1a.b}"]) {
    assert.deepEqual(interpolateString(s, vars), { value: s, unbound: [] });
  }
});

Deno.test("a bound value is not substituted again", () => {
  const l = namespaceLookup({ row: { a: "${row.b}", b: "B" } });
  assert.equal(interpolateString("${row.a}/${row.a}x", l).value, "${row.b}/${row.b}x");
});

Deno.test("keys may contain dots and spaces; lookups ignore inherited properties", () => {
  const l = namespaceLookup({ row: { "first name": "Ann", "a.b": "AB" } });
  assert.equal(interpolateString("${row.first name} ${row.a.b}", l).value, "Ann AB");
  const r = interpolateString("${row.constructor} ${row.toString}", l);
  assert.equal(r.value, "${row.constructor} ${row.toString}");
  assert.deepEqual(r.unbound, ["row.constructor", "row.toString"]);
  assert.equal(interpolateString("${constructor.name}", l).value, "${constructor.name}");
});

Deno.test("TOKEN_PATTERN captures namespace and trimmed key and is not global", () => {
  const m = TOKEN_PATTERN.exec("x ${ secrets.API_KEY } y");
  assert.ok(m);
  assert.equal(m[1], "secrets");
  assert.equal(m[2], "API_KEY");
  assert.equal(TOKEN_PATTERN.global, false);
});

Deno.test("interpolateValue walks objects and arrays, leaves keys and non-strings", () => {
  const input = {
    "${vars.user}": ["${vars.user}", 3, true, null, { deep: "u=${vars.user} ${vars.zz}" }],
    n: 1,
  };
  const r = interpolateValue(input, vars);
  assert.deepEqual(r.value, {
    "${vars.user}": ["alice", 3, true, null, { deep: "u=alice ${vars.zz}" }],
    n: 1,
  });
  assert.deepEqual(r.unbound, ["vars.zz"]);
  assert.equal(input["${vars.user}"][0], "${vars.user}", "input is not modified");
});

Deno.test("interpolateValue leaves class instances as they are", () => {
  const re = /x/;
  const date = new Date(0);
  const r = interpolateValue({ re, date }, vars);
  assert.equal(r.value.re, re);
  assert.equal(r.value.date, date);
});

function yamlNode(text: string): PNode {
  const { node, errors } = parseYaml(text, "f.yaml");
  assert.deepEqual(errors, []);
  assert.ok(node);
  return node;
}

Deno.test("interpolatePNode substitutes string scalars and keeps every position", () => {
  const node = yamlNode('a: "${vars.user}"\nb: [1, "x${vars.n}", true]\n"${vars.user}": k\n');
  const out = interpolatePNode(node, vars);
  assert.deepEqual(toPlain(out), { a: "alice", b: [1, "x3", true], "${vars.user}": "k" });
  assert.ok(out.kind === "map" && node.kind === "map");
  assert.deepEqual(out.pos, node.pos);
  assert.deepEqual(out.entries[1].value.pos, node.entries[1].value.pos);
  const b = out.entries[1].value;
  assert.ok(b.kind === "seq");
  assert.deepEqual(b.items[1].pos, { file: "f.yaml", line: 2, col: 8 });
  assert.deepEqual(toPlain(node), {
    a: "${vars.user}",
    b: [1, "x${vars.n}", true],
    "${vars.user}": "k",
  }, "input is not modified");
});

Deno.test("tokensInPNode lists tokens with the holding scalar's position and path", () => {
  const node = yamlNode("steps:\n  - tap: {id: '${params.a}-${row.b}'}\n");
  const found = tokensInPNode(node);
  assert.deepEqual(found.map((t) => [t.ns, t.key, t.path, t.pos.line]), [
    ["params", "a", "steps[0].tap.id", 2],
    ["row", "b", "steps[0].tap.id", 2],
  ]);
});
