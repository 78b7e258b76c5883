import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { runCli } from "../../src/cli/program.ts";
import { INVALID_DIR, VALID_DIR } from "../scenario/fixture_paths.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

const rel = (p: string) => relative(Deno.cwd(), p);

Deno.test("lint prints <file>: ok for a clean file and exits 0", async () => {
  const c = capture();
  const file = join(VALID_DIR, "gestures.yaml");
  assert.equal(await runCli(["lint", file], c.io), 0);
  assert.deepEqual(c.out, [`${rel(file)}: ok`]);
  assert.deepEqual(c.err, []);
});

Deno.test("lint prints one formatted line per load error and exits 1", async () => {
  const c = capture();
  const file = join(INVALID_DIR, "several_problems.yaml");
  assert.equal(await runCli(["lint", file], c.io), 1);
  const f = rel(file);
  assert.equal(c.out.length, 4);
  assert.match(c.out[0], new RegExp(`^${escape(f)}:7:3: E_UNKNOWN_KEY scenarios\\[0\\]\\.color: `));
  assert.match(c.out[1], new RegExp(`^${escape(f)}:10:12: E_SELECTOR_EMPTY scenarios\\[0\\]`));
  assert.match(c.out[2], new RegExp(`^${escape(f)}:11:13: E_REQUIRED .*"timeout"`));
  assert.match(c.out[3], new RegExp(`^${escape(f)}:14:40: E_TYPE .*value\\.equals: `));
});

Deno.test("lint expands folders and reports every file, components included", async () => {
  const c = capture();
  assert.equal(await runCli(["lint", VALID_DIR], c.io), 0);
  assert.ok(c.out.length >= 20);
  assert.ok(c.out.every((l) => l.endsWith(": ok")), c.out.join("\n"));
  assert.ok(c.out.includes(`${rel(join(VALID_DIR, "components/login.yaml"))}: ok`));
  // Warnings (a deprecated alias) go to stderr without failing the run.
  assert.equal(c.err.length, 1);
  assert.match(c.err[0], /W_DEPRECATED/);
});

Deno.test("lint of a folder with one bad file exits 1 and still reports the others", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "a.yaml"), "- name: a\n  steps: []\n");
    await Deno.writeTextFile(join(dir, "b.yml"), "- name: b\n  steps:\n    - tap: {}\n");
    await Deno.writeTextFile(join(dir, "notes.txt"), "not yaml");
    const c = capture();
    assert.equal(await runCli(["lint", dir], c.io), 1);
    // Outside the working directory, paths stay absolute.
    assert.deepEqual(c.out, [
      `${join(dir, "a.yaml")}: ok`,
      `${join(dir, "b.yml")}:3:12: E_SELECTOR_EMPTY scenarios[0].steps[0].tap: selector needs ` +
      "at least one of id, idMatches, label, labelMatches, traits, value, within, index",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint reports a missing file as one line and exits 1", async () => {
  const c = capture();
  const missing = join(VALID_DIR, "missing.yaml");
  const clean = join(VALID_DIR, "waits.yaml");
  assert.equal(await runCli(["lint", missing, clean], c.io), 1);
  assert.deepEqual(c.out, [`${rel(missing)}:1:1: E_IO file not found`, `${rel(clean)}: ok`]);
});

Deno.test("lint reports YAML syntax errors with line and column", async () => {
  const c = capture();
  const file = join(INVALID_DIR, "yaml_tab_indent.yaml");
  assert.equal(await runCli(["lint", file], c.io), 1);
  assert.deepEqual(c.out, [
    `${rel(file)}:5:1: E_YAML tab character used for indentation (YAML indents with spaces)`,
  ]);
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test("lint of a folder skips a config file kept beside the scenarios; named directly it is checked", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      "targets:\n  app: { platform: web, baseUrl: http://x }\n",
    );
    await Deno.writeTextFile(join(dir, "s.yaml"), "- name: s\n  steps: []\n");
    const folder = capture();
    assert.equal(await runCli(["lint", dir], folder.io), 0);
    assert.ok(
      folder.out.some((l) => l.endsWith("bajutsu.config.yaml: skipped (a config file)")),
      folder.out.join("\n"),
    );
    assert.ok(folder.out.some((l) => l.endsWith("s.yaml: ok")));
    const direct = capture();
    assert.equal(await runCli(["lint", join(dir, "bajutsu.config.yaml")], direct.io), 1);
    assert.match(direct.out[0], /E_FILE_SHAPE/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint of a folder without scenario files says so and exits 1", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "README.md"), "not yaml");
    const c = capture();
    assert.equal(await runCli(["lint", dir], c.io), 1);
    assert.deepEqual(c.out, [`${dir}: no scenario files (*.yaml, *.yml) in this folder`]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint lines quoting a megabyte scalar or key stay short", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const huge = "B".repeat(1_000_000);
    await Deno.writeTextFile(
      join(dir, "big.yaml"),
      `- name: big\n  steps:\n    - wait: "${huge}"\n    - tap: { id: x, ${huge}: 1 }\n`,
    );
    const c = capture();
    assert.equal(await runCli(["lint", join(dir, "big.yaml")], c.io), 1);
    assert.equal(c.out.length, 2, c.out.map((l) => l.slice(0, 200)).join("\n"));
    for (const line of c.out) assert.ok(line.length < 2_000, `${line.length} characters`);
    assert.match(c.out[0], /:3:13: E_TYPE .*got string "B{80}"…\(999920 more characters\)$/);
    assert.match(c.out[1], /:4:21: E_UNKNOWN_KEY /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint reports a file that is not UTF-8 as E_ENCODING at the byte", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "latin1.yaml");
    // "- name: café" saved as Latin-1: 0xE9 is no UTF-8.
    const raw = new Uint8Array([...new TextEncoder().encode("- name: caf"), 0xe9, 0x0a]);
    await Deno.writeFile(file, raw);
    const c = capture();
    assert.equal(await runCli(["lint", file], c.io), 1);
    assert.deepEqual(c.out, [
      `${file}:1:12: E_ENCODING not valid UTF-8: byte 0xE9 at offset 11 (save the file as UTF-8)`,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const WEB_CONFIG = `targets:
  shop:
    baseUrl: http://127.0.0.1:8787/app/
    launchArgs: [-x]
`;

const WEB_SCENARIO = `- name: edit
  preconditions:
    url: https://elsewhere.example/
    launchEnv: { A: b }
  steps:
    - tap: { id: ok }
    - handleSystemAlert: { sel: { label: Allow }, timeout: 2 }
    - tap: { id: b }
      capture: [rawTree]
- name: fine
  steps:
    - press: { key: Enter }
    - hover: { id: menu }
    - relaunch: { args: [-x] }
`;

Deno.test("lint --config --target reports what run would refuse, at its line, all at once", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "bajutsu.config.yaml"), WEB_CONFIG);
    const file = join(dir, "edit.yaml");
    await Deno.writeTextFile(file, WEB_SCENARIO);
    const plain = capture();
    assert.equal(await runCli(["lint", file], plain.io), 0, "the loader alone finds nothing");
    const c = capture();
    const config = join(dir, "bajutsu.config.yaml");
    assert.equal(await runCli(["lint", file, "--config", config, "--target", "shop"], c.io), 1);
    assert.deepEqual(c.out, [
      `${file}:7:7: E_UNSUPPORTED "edit" > step 1: handleSystemAlert is not supported yet`,
      `${file}:8:7: E_UNSUPPORTED "edit" > step 2 > capture[0]: capture rawTree is not supported yet`,
      `${file}:7:7: E_CAPABILITY "edit" > step 1: handleSystemAlert needs 'handleSystemAlert' ` +
      "(backend playwright)",
      `${file}:1:3: E_PLATFORM "edit" > preconditions.url: https://elsewhere.example/ is not on ` +
      "the target's origin http://127.0.0.1:8787",
    ]);
    assert.ok(c.err.some((l) => /W_PLATFORM targets\.shop\.launchArgs/.test(l)), c.err.join("\n"));
    assert.ok(
      c.err.some((l) =>
        /W_PLATFORM "edit" > preconditions\.launchEnv: has no effect on web/.test(l)
      ),
      c.err.join("\n"),
    );
    // A relaunch's args do nothing on the web: a warning at the step's own line.
    assert.ok(
      c.err.includes(
        `warning: ${file}:14:7: W_PLATFORM "fine" > step 2 > relaunch.args: has no effect on ` +
          "web targets (a relaunch reloads the page)",
      ),
      c.err.join("\n"),
    );
    // The same scenarios on the fake backend: the fake can answer system alerts.
    const fake = capture();
    await runCli(["lint", file, "--config", config, "--backend", "fake"], fake.io);
    assert.ok(!fake.out.some((l) => l.includes("E_CAPABILITY")), fake.out.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lint --target without --config is a usage error", async () => {
  const c = capture();
  assert.equal(await runCli(["lint", VALID_DIR, "--target", "x"], c.io), 2);
  assert.deepEqual(c.err, ["--target and --backend need --config"]);
});
