import assert from "node:assert/strict";
import { parseFlow } from "../../../src/import/maestro/flow_file.ts";

Deno.test("a flow's header and commands keep the lines they have in the file", () => {
  const r = parseFlow(
    "appId: a.b\ntags: [x]\n---\n# a comment\n- launchApp\n- tapOn: Go\n",
    "f.yaml",
  );
  assert.ok(r.ok);
  assert.deepEqual(r.flow.config.map((e) => [e.key, e.keyPos.line]), [["appId", 1], ["tags", 2]]);
  assert.deepEqual(r.flow.commands.map((c) => c.pos.line), [5, 6]);
});

Deno.test("a flow without a header is its command list; a leading --- opens it", () => {
  for (const text of ["- back\n- back\n", "---\n- back\n- back\n"]) {
    const r = parseFlow(text, "f.yaml");
    assert.ok(r.ok, text);
    assert.equal(r.flow.config.length, 0);
    assert.equal(r.flow.commands.length, 2);
  }
});

Deno.test("a header alone is a flow with no commands", () => {
  const r = parseFlow("appId: a.b\n", "f.yaml");
  assert.ok(r.ok);
  assert.equal(r.flow.commands.length, 0);
});

Deno.test("Maestro's `true:` condition key is read as text, as its YAML 1.1 reader does", () => {
  const r = parseFlow(
    "appId: a\n---\n- runFlow:\n    when:\n      true: ${A}\n    file: x.yaml\n",
    "f.yaml",
  );
  assert.ok(r.ok);
  const when = r.flow.commands[0];
  assert.equal(when.kind, "map");
  assert.match(JSON.stringify(when), /"key":"true"/);
});

Deno.test("not a flow: an E_MAESTRO_FLOW error at the offending line and column", () => {
  const cases: [string, number, RegExp][] = [
    ["appId: a\n---\ntapOn: x\n", 3, /the part after --- must be a list of commands/],
    ["- a\n---\n- b\n", 1, /the header \(before ---\) must be a mapping/],
    ["appId: a\n---\n- b\n---\n- c\n", 4, /at most two documents/],
    ["just text\n", 1, /expected a list of commands, or a header mapping/],
  ];
  for (const [text, line, message] of cases) {
    const r = parseFlow(text, "f.yaml");
    assert.ok(!r.ok, text);
    assert.equal(r.errors[0].code, "E_MAESTRO_FLOW", text);
    assert.equal(r.errors[0].line, line, text);
    assert.match(r.errors[0].message, message);
  }
});

Deno.test("YAML syntax errors come back with their line and column", () => {
  const r = parseFlow("appId: a\n---\n- tapOn: Go\n- inputText: [unclosed\n", "f.yaml");
  assert.ok(!r.ok);
  assert.equal(r.errors[0].code, "E_YAML");
  assert.ok(r.errors[0].line >= 4, JSON.stringify(r.errors[0]));
});
