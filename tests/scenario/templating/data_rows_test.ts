import assert from "node:assert/strict";
import { join } from "node:path";
import { expandDataRows } from "../../../src/scenario/templating/data_rows.ts";
import { type PNode, toPlain } from "../../../src/yaml/pnode.ts";
import { withTree } from "./fixture_tree.ts";
import { MAX_DATA_ROWS } from "../../../src/scenario/input_limits.ts";

const plain = (nodes: PNode[]) => nodes.map((n) => toPlain(n) as Record<string, unknown>);

Deno.test("each inline row yields one scenario with ${row.*} bound everywhere", async () => {
  await withTree({
    "main.yaml": `- name: search
  tags: [smoke]
  data:
    - {q: milk, n: "2"}
    - {q: eggs, n: "12"}
  preconditions: {deeplink: "app://s?q=\${row.q}"}
  steps:
    - type: {into: {id: box}, text: "\${row.q}"}
    - extract: {got: {sel: {id: "r-\${row.q}"}}}
      tap: {id: "\${ row.q }"}
  expect:
    - count: {sel: {id: item}, equals: "\${row.n}"}
    - value: {sel: {id: box}, equals: "\${vars.got} \${secrets.K} \${row.missing}"}
`,
  }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    const out = plain(nodes);
    assert.equal(out.length, 2);
    assert.deepEqual(out.map((s) => s.name), [
      "search [row 1: q=milk, n=2]",
      "search [row 2: q=eggs, n=12]",
    ]);
    assert.deepEqual(out[1], {
      name: "search [row 2: q=eggs, n=12]",
      tags: ["smoke"],
      preconditions: { deeplink: "app://s?q=eggs" },
      steps: [
        { type: { into: { id: "box" }, text: "eggs" } },
        { extract: { got: { sel: { id: "r-eggs" } } }, tap: { id: "eggs" } },
      ],
      expect: [
        { count: { sel: { id: "item" }, equals: "12" } },
        { value: { sel: { id: "box" }, equals: "${vars.got} ${secrets.K} ${row.missing}" } },
      ],
    });
    assert.ok(!("data" in out[0]));
  });
});

Deno.test("the row name suffix uses the original name, not a substituted one", async () => {
  await withTree({
    "main.yaml": `- name: "find \${row.q}"
  data: [{q: tea}]
  steps: []
`,
  }, async (t) => {
    const { nodes } = await expandDataRows(t.scenario, t.ctx);
    assert.equal(plain(nodes)[0].name, "find ${row.q} [row 1: q=tea]");
  });
});

Deno.test("an empty row is named without columns; data: [] yields no scenario", async () => {
  await withTree({
    "main.yaml": `- name: s
  data: [{}, {a: "1"}]
  steps: []
- name: none
  data: []
  steps: []
`,
  }, async (t) => {
    const { nodes } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(plain(nodes).map((s) => s.name), ["s [row 1]", "s [row 2: a=1]"]);
    const none = await expandDataRows(t.scenarios[1], t.ctx);
    assert.deepEqual(none, { nodes: [], errors: [] });
  });
});

Deno.test("a scenario without data comes back unchanged", async () => {
  await withTree({ "main.yaml": "- name: s\n  steps: [{tap: {id: '${row.x}'}}]\n" }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0], t.scenario);
  });
});

Deno.test("data and dataFile together are E_DATA_XOR", async () => {
  await withTree({
    "rows.csv": "q\nx\n",
    "main.yaml": "- name: s\n  data: [{q: a}]\n  dataFile: rows.csv\n  steps: []\n",
  }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(nodes, []);
    assert.deepEqual(errors.map((e) => [e.code, e.path, e.line]), [["E_DATA_XOR", "dataFile", 3]]);
  });
});

Deno.test("a CSV dataFile with quotes, escaped quotes and CRLF yields one scenario per row", async () => {
  await withTree({
    "data/rows.csv": 'user,note\r\nann,"hello, ""world"""\r\n"bo b","two\r\nlines"\r\n',
    "main.yaml": `- name: login
  dataFile: data/rows.csv
  steps: [{type: {text: "\${row.user}: \${row.note}"}}]
`,
  }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    const out = plain(nodes);
    assert.deepEqual(out.map((s) => s.name), [
      'login [row 1: user=ann, note=hello, "world"]',
      "login [row 2: user=bo b, note=two\r\nlines]",
    ]);
    assert.deepEqual(out[0].steps, [{ type: { text: 'ann: hello, "world"' } }]);
    assert.ok(!("dataFile" in out[0]));
  });
});

Deno.test("a header-only CSV yields no scenario", async () => {
  await withTree({
    "rows.csv": "a,b\n",
    "main.yaml": "- name: s\n  dataFile: rows.csv\n  steps: []\n",
  }, async (t) => {
    assert.deepEqual(await expandDataRows(t.scenario, t.ctx), { nodes: [], errors: [] });
  });
});

Deno.test("CSV problems are reported at the CSV file's line", async () => {
  const cases: [string, RegExp, number][] = [
    ["a,b\n1,2\n3\n", /row has 1 field\(s\), the header has 2/, 3],
    ['a\n"open\n', /unterminated quoted field/, 2],
    ["", /header row is required/, 1],
    ["a,a\n1,2\n", /duplicate column 'a'/, 1],
  ];
  for (const [csv, message, line] of cases) {
    await withTree({
      "rows.csv": csv,
      "main.yaml": "- name: s\n  dataFile: rows.csv\n  steps: []\n",
    }, async (t) => {
      const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
      assert.deepEqual(nodes, []);
      assert.equal(errors.length, 1, csv);
      assert.match(errors[0].message, message);
      assert.deepEqual([errors[0].file, errors[0].line], [join(t.root, "rows.csv"), line]);
    });
  }
});

Deno.test("dataFile is contained like a component reference", async () => {
  await withTree({
    "../outside/rows.csv": "a\n1\n",
    "main.yaml": `- name: s
  dataFile: ../outside/rows.csv
  steps: []
- name: t
  dataFile: link.csv
  steps: []
`,
  }, async (t) => {
    const first = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(first.errors.map((e) => [e.code, e.path]), [
      ["E_REF_OUTSIDE_ROOT", "dataFile"],
    ]);
    await Deno.symlink(join(t.outer, "rows.csv"), join(t.root, "link.csv"));
    const second = await expandDataRows(t.scenarios[1], t.ctx);
    assert.deepEqual(second.errors.map((e) => e.code), ["E_REF_OUTSIDE_ROOT"]);
  });
});

Deno.test("a missing dataFile is E_IO naming the file", async () => {
  await withTree({ "main.yaml": "- name: s\n  dataFile: rows.csv\n  steps: []\n" }, async (t) => {
    const { errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors.map((e) => e.code), ["E_IO"]);
    assert.match(errors[0].message, /rows\.csv.*not found/);
  });
});

Deno.test("non-string data values are E_TYPE", async () => {
  await withTree({ "main.yaml": "- name: s\n  data: [{n: 3}]\n  steps: []\n" }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(nodes, []);
    assert.deepEqual(errors.map((e) => [e.code, e.path]), [["E_TYPE", "data[0].n"]]);
  });
});

Deno.test("more inline rows than the limit is E_SIZE_LIMIT at the first row too many", async () => {
  const rows = (n: number) => `  data:\n${'    - { a: "x" }\n'.repeat(n)}`;
  const file = (n: number) => `- name: s\n${rows(n)}  steps: []\n`;
  await withTree({ "main.yaml": file(MAX_DATA_ROWS) }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.equal(nodes.length, MAX_DATA_ROWS);
  });
  await withTree({ "main.yaml": file(150_000) }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.equal(nodes.length, 0); // a length: a diff of 150,000 nodes would not fit in memory
    // Row MAX_DATA_ROWS + 1 sits on line MAX_DATA_ROWS + 3.
    assert.deepEqual(errors.map((e) => [e.code, e.line, e.col, e.path]), [
      ["E_SIZE_LIMIT", MAX_DATA_ROWS + 3, 7, `data[${MAX_DATA_ROWS}]`],
    ]);
  });
});

Deno.test("more CSV rows than the limit is E_SIZE_LIMIT at the CSV line", async () => {
  const csv = (n: number) => "a\n" + "x\n".repeat(n);
  const main = "- name: s\n  dataFile: rows.csv\n  steps: []\n";
  await withTree({ "rows.csv": csv(MAX_DATA_ROWS), "main.yaml": main }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.equal(nodes.length, MAX_DATA_ROWS);
  });
  await withTree({ "rows.csv": csv(150_000), "main.yaml": main }, async (t) => {
    const { nodes, errors } = await expandDataRows(t.scenario, t.ctx);
    assert.equal(nodes.length, 0);
    assert.deepEqual(errors.map((e) => [e.code, e.file, e.line]), [
      ["E_SIZE_LIMIT", join(t.root, "rows.csv"), MAX_DATA_ROWS + 2],
    ]);
  });
});

Deno.test("a dataFile that is not UTF-8 is E_ENCODING in the CSV", async () => {
  await withTree({ "main.yaml": "- name: s\n  dataFile: rows.csv\n  steps: []\n" }, async (t) => {
    await Deno.writeFile(join(t.root, "rows.csv"), new Uint8Array([0x61, 0x0a, 0x62, 0xe9, 0x0a]));
    const { errors } = await expandDataRows(t.scenario, t.ctx);
    assert.deepEqual(errors.map((e) => [e.code, e.file, e.line, e.col]), [
      ["E_ENCODING", join(t.root, "rows.csv"), 2, 2],
    ]);
  });
});
