import assert from "node:assert/strict";
import { join } from "node:path";
import { expandComponents } from "../../../src/scenario/templating/components.ts";
import type { LoadError } from "../../../src/yaml/load_error.ts";
import { parseYaml } from "../../../src/yaml/parse.ts";
import { getEntry, type PNode, toPlain } from "../../../src/yaml/pnode.ts";
import { withTree } from "./fixture_tree.ts";

const LOGIN = `params: [user, pass]
steps:
  - type: {into: {id: user}, text: "\${params.user}"}
  - type: {into: {id: pass}, text: "\${params.pass}"}
  - tap: {id: "login-\${params.user}"}
`;

function stepsOf(node: PNode, key = "steps"): unknown {
  return (toPlain(node) as Record<string, unknown>)[key];
}

function codes(errors: LoadError[]): string[] {
  return errors.map((e) => e.code);
}

Deno.test("use is replaced in place by the component's steps with params substituted", async () => {
  await withTree({
    "comps/login.yaml": LOGIN,
    "main.yaml": `- name: s
  steps:
    - tap: {id: start}
    - use: {component: comps/login.yaml, with: {user: ann, pass: "\${secrets.PW}"}}
    - tap: {id: done}
`,
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(stepsOf(node), [
      { tap: { id: "start" } },
      { type: { into: { id: "user" }, text: "ann" } },
      { type: { into: { id: "pass" }, text: "${secrets.PW}" } },
      { tap: { id: "login-ann" } },
      { tap: { id: "done" } },
    ]);
  });
});

Deno.test("spliced steps keep positions that point into the component file", async () => {
  await withTree({
    "comps/login.yaml": LOGIN,
    "main.yaml": `- name: s
  steps:
    - use: {component: comps/login.yaml, with: {user: a, pass: b}}
`,
  }, async (t) => {
    const { node } = await expandComponents(t.scenario, t.ctx);
    const steps = getEntry(node, "steps")!.value;
    assert.ok(steps.kind === "seq");
    assert.deepEqual(steps.items[2].pos, {
      file: join(t.root, "comps/login.yaml"),
      line: 5,
      col: 5,
    });
    assert.deepEqual(steps.pos.file, t.ctx.topFile);
  });
});

Deno.test("use is expanded in every step list and inside control flow", async () => {
  await withTree({
    "c.yaml": "steps:\n  - back: {}\n",
    "main.yaml": `- name: s
  before: [{use: {component: c.yaml}}]
  after: [{on: error, steps: [{use: {component: c.yaml}}]}]
  interrupts: [{condition: {exists: {id: x}}, steps: [{use: {component: c.yaml}}]}]
  steps:
    - if:
        condition: {exists: {id: a}}
        then: [{use: {component: c.yaml}}]
        else: [{forEach: {sel: {id: r}, as: row, steps: [{use: {component: c.yaml}}]}}]
    - web: {within: {id: w}, steps: [{use: {component: c.yaml}}, {tap: {id: z}}]}
`,
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    const back = { back: {} };
    assert.deepEqual(toPlain(node), {
      name: "s",
      before: [back],
      after: [{ on: "error", steps: [back] }],
      interrupts: [{ condition: { exists: { id: "x" } }, steps: [back] }],
      steps: [
        {
          if: {
            condition: { exists: { id: "a" } },
            then: [back],
            else: [{ forEach: { sel: { id: "r" }, as: "row", steps: [back] } }],
          },
        },
        { web: { within: { id: "w" }, steps: [back, { tap: { id: "z" } }] } },
      ],
    });
  });
});

Deno.test("nested components resolve from the top-level file's directory", async () => {
  await withTree({
    // b.yaml sits beside a.yaml, but the ref is written relative to main.yaml's dir.
    "comps/a.yaml": `params: [who]
steps:
  - tap: {id: "a-\${params.who}"}
  - use: {component: comps/b.yaml, with: {name: "\${params.who}!"}}
`,
    "comps/b.yaml": `params: [name]
steps:
  - if: {condition: {exists: {id: x}}, then: [{tap: {id: "b-\${params.name}"}}]}
`,
    "main.yaml": `- name: s
  steps: [{use: {component: comps/a.yaml, with: {who: bo}}}]
`,
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(stepsOf(node), [
      { tap: { id: "a-bo" } },
      { if: { condition: { exists: { id: "x" } }, then: [{ tap: { id: "b-bo!" } }] } },
    ]);
  });
});

Deno.test("tokens of other namespaces stay for later stages", async () => {
  await withTree({
    "c.yaml": `params: [p]
steps: [{type: {text: "\${params.p} \${vars.v} \${row.r} \${secrets.s}"}}]
`,
    "main.yaml": "- name: s\n  steps: [{use: {component: c.yaml, with: {p: P}}}]\n",
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(stepsOf(node), [{ type: { text: "P ${vars.v} ${row.r} ${secrets.s}" } }]);
  });
});

Deno.test("missing and unknown params are E_COMPONENT errors naming them", async () => {
  await withTree({
    "comps/login.yaml": LOGIN,
    "main.yaml": `- name: s
  steps:
    - use: {component: comps/login.yaml, with: {user: a}}
    - use: {component: comps/login.yaml, with: {user: a, pass: b, extra: c, more: d}}
`,
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_COMPONENT", "E_COMPONENT"]);
    assert.match(errors[0].message, /missing param\(s\): pass/);
    assert.equal(errors[0].path, "steps[0].use");
    assert.deepEqual([errors[0].file, errors[0].line], [t.ctx.topFile, 3]);
    assert.match(errors[1].message, /unknown param\(s\): extra, more/);
    assert.equal(errors[1].path, "steps[1].use.with");
    assert.deepEqual(stepsOf(node), [], "failed uses expand to nothing");
  });
});

Deno.test("a residual ${params.x} for an undeclared param points into the component", async () => {
  await withTree({
    "c.yaml": `params: [a]
steps:
  - tap: {id: "\${params.a}"}
  - type: {text: "\${params.b}"}
`,
    "main.yaml": "- name: s\n  steps: [{use: {component: c.yaml, with: {a: A}}}]\n",
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].code, "E_COMPONENT");
    assert.match(errors[0].message, /undeclared param 'b'/);
    assert.deepEqual([errors[0].file, errors[0].line, errors[0].path], [
      join(t.root, "c.yaml"),
      4,
      "steps[1].type.text",
    ]);
  });
});

Deno.test("a cycle is reported with the chain of refs", async () => {
  await withTree({
    "a.yaml": "steps: [{use: {component: b.yaml}}]\n",
    "b.yaml": "steps: [{tap: {id: x}}, {use: {component: a.yaml}}]\n",
    "self.yaml": "steps: [{use: {component: ./self.yaml}}]\n",
    "main.yaml": `- name: s
  steps: [{use: {component: a.yaml}}, {use: {component: self.yaml}}]
`,
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_COMPONENT", "E_COMPONENT"]);
    assert.match(errors[0].message, /cycle: a\.yaml -> b\.yaml -> a\.yaml$/);
    assert.equal(errors[0].file, join(t.root, "b.yaml"));
    // Different spellings of one file are still the same component.
    assert.match(errors[1].message, /cycle: self\.yaml -> \.\/self\.yaml$/);
  });
});

function chain(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i < n; i++) {
    files[`d/c${i}.yaml`] = `steps: [{tap: {id: "l${i}"}}, {use: {component: d/c${i + 1}.yaml}}]\n`;
  }
  files[`d/c${n}.yaml`] = `steps: [{tap: {id: "l${n}"}}]\n`;
  files["main.yaml"] = "- name: s\n  steps: [{use: {component: d/c1.yaml}}]\n";
  return files;
}

Deno.test("nesting 25 components deep is allowed", async () => {
  await withTree(chain(25), async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    const steps = stepsOf(node) as unknown[];
    assert.equal(steps.length, 25);
    assert.deepEqual(steps[24], { tap: { id: "l25" } });
  });
});

Deno.test("nesting deeper than 25 is an E_COMPONENT error with the chain", async () => {
  await withTree(chain(26), async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_COMPONENT"]);
    assert.match(errors[0].message, /nesting deeper than 25: d\/c1\.yaml -> .* -> d\/c26\.yaml$/);
    assert.equal(errors[0].file, join(t.root, "d/c25.yaml"));
  });
});

Deno.test("absolute and ../ escaping refs are E_REF_OUTSIDE_ROOT", async () => {
  await withTree({
    "../outside/evil.yaml": "steps: [{tap: {id: evil}}]\n",
    "main.yaml": "- name: s\n  steps: [{tap: {id: x}}]\n",
  }, async (t) => {
    const abs = join(t.outer, "evil.yaml");
    const absInside = t.ctx.topFile; // absolute refs are refused even when they point inside
    for (const ref of [abs, absInside, "../outside/evil.yaml", "sub/../../outside/evil.yaml"]) {
      const scenario = scenarioWithUse(t.ctx.topFile, ref);
      const { node, errors } = await expandComponents(scenario, t.ctx);
      assert.deepEqual(codes(errors), ["E_REF_OUTSIDE_ROOT"], ref);
      assert.equal(errors[0].path, "steps[0].use.component");
      assert.deepEqual(stepsOf(node), []);
    }
  });
});

Deno.test("a ../ ref that stays inside the root is fine", async () => {
  await withTree({
    "comps/c.yaml": "steps: [{tap: {id: ok}}]\n",
    "flows/main.yaml": "- name: s\n  steps: [{use: {component: ../comps/c.yaml}}]\n",
  }, async (t) => {
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(stepsOf(node), [{ tap: { id: "ok" } }]);
  }, "flows/main.yaml");
});

Deno.test("a symlink leading outside the root is E_REF_OUTSIDE_ROOT", async () => {
  await withTree({
    "../outside/evil.yaml": "steps: [{tap: {id: evil}}]\n",
    "main.yaml": `- name: s
  steps: [{use: {component: link.yaml}}, {use: {component: linkdir/evil.yaml}}]
`,
  }, async (t) => {
    await Deno.symlink(join(t.outer, "evil.yaml"), join(t.root, "link.yaml"));
    await Deno.symlink(t.outer, join(t.root, "linkdir"));
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_REF_OUTSIDE_ROOT", "E_REF_OUTSIDE_ROOT"]);
    assert.match(errors[0].message, /symlink/);
  });
});

Deno.test("a symlink that stays inside the root is followed", async () => {
  await withTree({
    "real/c.yaml": "steps: [{tap: {id: real}}]\n",
    "main.yaml": "- name: s\n  steps: [{use: {component: alias.yaml}}]\n",
  }, async (t) => {
    await Deno.symlink(join(t.root, "real/c.yaml"), join(t.root, "alias.yaml"));
    const { node, errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(errors, []);
    assert.deepEqual(stepsOf(node), [{ tap: { id: "real" } }]);
  });
});

Deno.test("a missing component file is E_COMPONENT naming the path", async () => {
  await withTree({
    "main.yaml": "- name: s\n  steps: [{use: {component: comps/nope.yaml}}]\n",
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_COMPONENT"]);
    assert.match(errors[0].message, /comps\/nope\.yaml/);
    assert.match(errors[0].message, /not found/);
    assert.deepEqual([errors[0].file, errors[0].line], [t.ctx.topFile, 2]);
  });
});

Deno.test("a component file of the wrong shape is E_COMPONENT", async () => {
  await withTree({
    "list.yaml": "- tap: {id: x}\n",
    "nosteps.yaml": "params: [a]\n",
    "extra.yaml": "steps: []\nname: x\n",
    "badparams.yaml": "params: [1]\nsteps: []\n",
    "main.yaml": `- name: s
  steps:
    - use: {component: list.yaml}
    - use: {component: nosteps.yaml, with: {a: x}}
    - use: {component: extra.yaml}
    - use: {component: badparams.yaml}
`,
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_COMPONENT", "E_COMPONENT", "E_COMPONENT", "E_COMPONENT"]);
    assert.deepEqual(
      errors.map((e) => e.file.slice(t.root.length + 1)),
      ["list.yaml", "nosteps.yaml", "extra.yaml", "badparams.yaml"],
    );
    assert.match(errors[1].message, /missing 'steps'/);
    assert.match(errors[2].message, /unknown key 'name'/);
  });
});

Deno.test("a broken component used twice is reported once", async () => {
  await withTree({
    "broken.yaml": "steps: [\n",
    "main.yaml": `- name: s
  steps: [{use: {component: broken.yaml}}, {use: {component: ./broken.yaml}}]
`,
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_YAML"]);
    assert.equal(errors[0].file, join(t.root, "broken.yaml"));
  });
});

Deno.test("a malformed use inside a component is reported", async () => {
  await withTree({
    "c.yaml":
      "steps: [{use: {component: 3}}, {use: {with: {a: b}}}, {use: {component: d.yaml, x: 1}}]\n",
    "main.yaml": "- name: s\n  steps: [{use: {component: c.yaml}}]\n",
  }, async (t) => {
    const { errors } = await expandComponents(t.scenario, t.ctx);
    assert.deepEqual(codes(errors), ["E_TYPE", "E_REQUIRED", "E_UNKNOWN_KEY"]);
  });
});

Deno.test("scenarioPath prefixes error paths located in the scenario", async () => {
  await withTree({
    "main.yaml": "- name: s\n  steps: [{use: {component: nope.yaml}}]\n",
  }, async (t) => {
    const ctx = { ...t.ctx, scenarioPath: "scenarios[0]" };
    const { errors } = await expandComponents(t.scenario, ctx);
    assert.equal(errors[0].path, "scenarios[0].steps[0].use.component");
  });
});

function scenarioWithUse(topFile: string, ref: string): PNode {
  const { node } = parseYaml(
    `- name: s\n  steps: [{use: {component: ${JSON.stringify(ref)}}}]\n`,
    topFile,
  );
  assert.ok(node && node.kind === "seq");
  return node.items[0];
}
