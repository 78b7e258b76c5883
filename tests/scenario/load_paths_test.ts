import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioPaths } from "../../src/scenario/load.ts";
import { MAX_SCENARIOS_PER_FILE } from "../../src/scenario/input_limits.ts";

/** A throwaway suite: `files` maps relative paths to contents. */
async function suite(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir();
  for (const [rel, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir, rel, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir, rel), text);
  }
  return dir;
}

const COMPONENT = "steps:\n  - tap: { id: shared }\n";
const USES_PARENT = "- name: nested\n  steps:\n    - use: { component: ../shared.yaml }\n";

Deno.test("a folder is the suite root of the files under it", async () => {
  const dir = await suite({ "shared.yaml": COMPONENT, "flows/login.yaml": USES_PARENT });
  try {
    const { files } = await loadScenarioPaths([dir]);
    const login = files.find((f) => f.file.endsWith("login.yaml"))!;
    assert.deepEqual(login.outcome.errors, []);
    assert.equal(login.outcome.scenarios[0].steps[0].action, "tap");
    assert.equal(files.find((f) => f.file.endsWith("shared.yaml"))?.kind, "component");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a file given on its own is rooted at its own folder", async () => {
  const dir = await suite({ "shared.yaml": COMPONENT, "flows/login.yaml": USES_PARENT });
  try {
    const { files } = await loadScenarioPaths([join(dir, "flows/login.yaml")]);
    assert.deepEqual(files[0].outcome.errors.map((e) => e.code), ["E_REF_OUTSIDE_ROOT"]);
    const rooted = await loadScenarioPaths([join(dir, "flows/login.yaml")], { rootDir: dir });
    assert.deepEqual(rooted.files[0].outcome.errors, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("each file is loaded once, in argument order, symlinked files included", async () => {
  const dir = await suite({ "b.yaml": "[]\n", "sub/a.yml": "[]\n", "notes.md": "x" });
  try {
    await Deno.symlink(join(dir, "b.yaml"), join(dir, "sub/link.yaml"));
    const { files } = await loadScenarioPaths([join(dir, "b.yaml"), dir]);
    assert.deepEqual(files.map((f) => f.file), [
      join(dir, "b.yaml"),
      join(dir, "sub/a.yml"),
      join(dir, "sub/link.yaml"),
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a missing path is one E_IO error, not an exception", async () => {
  const { files } = await loadScenarioPaths(["/nonexistent/bajutsu/suite"]);
  assert.equal(files.length, 1);
  assert.deepEqual(files[0].outcome.errors.map((e) => [e.code, e.message]), [
    ["E_IO", "file not found"],
  ]);
});

Deno.test("a component given explicitly is checked as a component", async () => {
  const dir = await suite({
    "c.yaml": "params: [x]\nsteps:\n  - tap: {}\n  - use: { component: d.yaml }\n",
  });
  try {
    const { files } = await loadScenarioPaths([join(dir, "c.yaml")]);
    assert.equal(files[0].kind, "component");
    assert.deepEqual(files[0].outcome.errors.map((e) => [e.code, e.line, e.col]), [
      ["E_SELECTOR_EMPTY", 3, 10],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a symlink in a folder that leads out of it is reported, never read", async () => {
  const dir = await suite({
    "suite/a.yaml": "- name: a\n  steps: []\n",
    "outside/secret.yaml": "password: [hunter2\n",
  });
  try {
    const root = join(dir, "suite");
    await Deno.symlink(join(dir, "outside/secret.yaml"), join(root, "link.yaml"));
    await Deno.symlink(join(root, "a.yaml"), join(root, "inner.yaml"));
    const { files } = await loadScenarioPaths([root]);
    assert.deepEqual(
      files.map((f) => [f.file, f.outcome.errors.map((e) => [e.code, e.line, e.col])]),
      [
        [join(root, "a.yaml"), []],
        [join(root, "inner.yaml"), []],
        [join(root, "link.yaml"), [["E_REF_OUTSIDE_ROOT", 1, 1]]],
      ],
    );
    // Nothing of the outside file reaches the message (it would be an E_YAML if it were read).
    const message = files[2].outcome.errors[0].message;
    assert.match(message, /outside the folder; not followed/);
    assert.ok(!message.includes("hunter2"));
    // Named directly, the same link is the user's explicit choice and is read.
    const direct = await loadScenarioPaths([join(root, "link.yaml")]);
    assert.deepEqual(direct.files[0].outcome.errors.map((e) => e.code), ["E_YAML"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a folder without any YAML file is listed as empty", async () => {
  const dir = await suite({ "full/a.yaml": "- name: a\n  steps: []\n", "empty/notes.md": "x" });
  try {
    const r = await loadScenarioPaths([join(dir, "full"), join(dir, "empty")]);
    assert.deepEqual(r.files.map((f) => f.file), [join(dir, "full/a.yaml")]);
    assert.deepEqual(r.emptyFolders, [join(dir, "empty")]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("more scenarios in one file than the limit is E_SIZE_LIMIT, not a crash", async () => {
  const scenarios = (n: number) => "- name: s\n  steps: []\n".repeat(n);
  const dir = await suite({
    "at_limit.yaml": scenarios(MAX_SCENARIOS_PER_FILE),
    "over.yaml": scenarios(150_000),
  });
  try {
    const { files } = await loadScenarioPaths([dir]);
    const [atLimit, over] = files;
    assert.deepEqual(atLimit.outcome.errors, []);
    assert.equal(atLimit.outcome.scenarios.length, MAX_SCENARIOS_PER_FILE);
    assert.deepEqual(
      over.outcome.errors.map((e) => [e.code, e.line, e.col, e.path]),
      [["E_SIZE_LIMIT", 2 * MAX_SCENARIOS_PER_FILE + 1, 3, `scenarios[${MAX_SCENARIOS_PER_FILE}]`]],
    );
    assert.match(over.outcome.errors[0].message, /^150000 scenarios in one file; the limit is/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("data rows count toward the scenarios of their file", async () => {
  const rows = Math.ceil(MAX_SCENARIOS_PER_FILE / 2) + 1;
  const scenario = `- name: s\n  data:\n${'    - { a: "x" }\n'.repeat(rows)}  steps: []\n`;
  const dir = await suite({ "rows.yaml": scenario + scenario });
  try {
    const { files } = await loadScenarioPaths([dir]);
    const errors = files[0].outcome.errors;
    // The second scenario's `data` key, where the total first passes the limit.
    assert.deepEqual(errors.map((e) => [e.code, e.line, e.col, e.path]), [
      ["E_SIZE_LIMIT", rows + 5, 3, "scenarios[1]"],
    ]);
    assert.equal(files[0].outcome.scenarios.length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("components nesting past the depth limit together are E_DEPTH_LIMIT", async () => {
  // Each file is 40 levels deep at most, but every component calls the next one from inside
  // nested `if`s, so the spliced scenario grows past the limit.
  const ifs = (inner: string, levels: number) => {
    let s = inner;
    for (let i = 0; i < levels; i++) {
      s = `{ if: { condition: { exists: { id: a } }, then: [ ${s} ] } }`;
    }
    return s;
  };
  const dir = await suite({
    "main.yaml": `- name: deep\n  steps:\n    - ${ifs("{ use: { component: c1.yaml } }", 10)}\n`,
    "c1.yaml": `steps:\n  - ${ifs("{ use: { component: c2.yaml } }", 10)}\n`,
    "c2.yaml": `steps:\n  - ${ifs("{ use: { component: c3.yaml } }", 10)}\n`,
    "c3.yaml": `steps:\n  - ${ifs("{ use: { component: c4.yaml } }", 10)}\n`,
    "c4.yaml": `steps:\n  - ${ifs("{ tap: { id: x } }", 10)}\n`,
  });
  try {
    const { files } = await loadScenarioPaths([join(dir, "main.yaml")]);
    const errors = files[0].outcome.errors;
    assert.deepEqual(errors.map((e) => [e.code, e.path]), [["E_DEPTH_LIMIT", "scenarios[0]"]]);
    assert.ok(errors[0].file.endsWith(".yaml") && errors[0].line >= 1, errors[0].file);
    assert.deepEqual(files[0].outcome.scenarios, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
