import assert from "node:assert/strict";
import { join } from "node:path";
import { loadScenarioPaths } from "../../src/scenario/load.ts";

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
