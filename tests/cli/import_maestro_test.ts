/**
 * `bajutsu import maestro` as a process over a folder of realistic flows
 * (tests/fixtures/maestro/README.md): the report, the exit codes, the files written, and the
 * real `bajutsu lint` passing on them (docs/import-maestro.md).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = join(REPO, "main.ts");
const FLOWS = "tests/fixtures/maestro/flows";

interface Exit {
  code: number;
  stdout: string[];
  stderr: string;
}

async function bajutsu(args: string[], cwd = REPO): Promise<Exit> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return {
    code: out.code,
    stdout: text(out.stdout).split("\n").filter((l) => l !== ""),
    stderr: text(out.stderr),
  };
}

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-import-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function listYaml(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) if (e.isFile) names.push(e.name);
  return names.sort();
}

Deno.test("a folder of flows: a report line per command left out, exit 1, output that lints", async () => {
  await withTempDir(async (out) => {
    const r = await bajutsu(["import", "maestro", FLOWS, "-o", out]);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(r.stdout.filter((l) => l.includes("W_MAESTRO_")), [
      `${FLOWS}/fill_form.yaml:15: W_MAESTRO_OPTIONAL assertVisible: an optional assertion never ` +
      "fails in Maestro, so there is nothing to check; instead: drop it, or remove `optional` to check it",
      `${FLOWS}/settings.yaml:10: W_MAESTRO_SCRIPT runScript: bajutsu runs no JavaScript; instead: ` +
      "`http` for backend calls, `generate` for test data, `extract` to read the screen",
    ]);
    assert.ok(
      r.stdout.includes(
        `${FLOWS}/login.yaml -> ${
          join(out, "login.yaml")
        }: translated; reads PASSWORD from the environment`,
      ),
      r.stdout.join("\n"),
    );
    assert.equal(
      r.stdout.at(-1),
      "imported 6 flow(s): 4 translated, 2 with commands left as comments",
    );
    // Subflows are translated inline where runFlow names them, not as flows of their own.
    assert.deepEqual(await listYaml(out), [
      "child_of.yaml",
      "fill_form.yaml",
      "login.yaml",
      "onboarding.yaml",
      "search.yaml",
      "settings.yaml",
    ]);
    const settings = await Deno.readTextFile(join(out, "settings.yaml"));
    assert.match(
      settings,
      /\n {4}# W_MAESTRO_SCRIPT .*settings\.yaml:10: runScript: .*\n {4}# - runScript: scripts\/reset_preferences\.js\n/,
    );
    assert.match(settings, /- tap: \{ label: Notifications \}/);

    const lint = await bajutsu(["lint", out]);
    assert.equal(lint.code, 0, lint.stdout.join("\n"));
    assert.equal(lint.stdout.length, 6);
    assert.ok(lint.stdout.every((l) => l.endsWith(": ok")), lint.stdout.join("\n"));
  });
});

Deno.test("a flow that translates whole exits 0", async () => {
  await withTempDir(async (out) => {
    const r = await bajutsu([
      "import",
      "maestro",
      `${FLOWS}/login.yaml`,
      `${FLOWS}/child_of.yaml`,
      "-o",
      out,
    ]);
    assert.equal(r.code, 0, r.stdout.join("\n"));
    assert.equal(
      r.stdout.at(-1),
      "imported 2 flow(s): 2 translated, 0 with commands left as comments",
    );
    assert.match(r.stderr, /actionTimeout/);
    const login = await Deno.readTextFile(join(out, "login.yaml"));
    assert.match(
      login,
      /preconditions: \{ erase: true, launchArgs: \[ "-skipOnboarding", "true" \] \}/,
    );
    assert.match(login, /- type: \{ text: "\$\{secrets\.PASSWORD\}" \}/);
  });
});

Deno.test("an unreadable flow stops the import before anything is written: exit 2, file:line:col", async () => {
  await withTempDir(async (out) => {
    const r = await bajutsu([
      "import",
      "maestro",
      `${FLOWS}/login.yaml`,
      "tests/fixtures/maestro/broken/broken.yaml",
      "tests/fixtures/maestro/missing.yaml",
      "-o",
      out,
    ]);
    assert.equal(r.code, 2);
    const lines = r.stderr.trim().split("\n");
    assert.match(lines[0], /^tests\/fixtures\/maestro\/missing\.yaml:1:1: E_IO file not found$/);
    assert.match(lines[1], /^tests\/fixtures\/maestro\/broken\/broken\.yaml:\d+:\d+: E_YAML /);
    assert.deepEqual(await listYaml(out), []);
  });
});

Deno.test("an existing output is kept unless --force; without -o the scenario goes next to the flow", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      join(dir, "search.yml"),
      await Deno.readTextFile(join(REPO, FLOWS, "search.yml")),
    );
    const first = await bajutsu(["import", "maestro", "."], dir);
    assert.equal(first.code, 0, first.stdout.join("\n"));
    assert.deepEqual(await listYaml(dir), ["search.bajutsu.yaml", "search.yml"]);

    await Deno.writeTextFile(join(dir, "search.bajutsu.yaml"), "# hand-edited\n");
    // The folder is read again: the written scenario is not taken for a flow.
    const again = await bajutsu(["import", "maestro", "."], dir);
    assert.equal(again.code, 2);
    assert.match(
      again.stderr,
      /^search\.yml:1:1: E_IO search\.bajutsu\.yaml exists \(pass --force to overwrite it\)$/m,
    );
    assert.equal(await Deno.readTextFile(join(dir, "search.bajutsu.yaml")), "# hand-edited\n");

    const forced = await bajutsu(["import", "maestro", ".", "--force"], dir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(await Deno.readTextFile(join(dir, "search.bajutsu.yaml")), /- back: \{\}/);
  });
});

Deno.test("a folder without flows and a call without paths are usage errors", async () => {
  await withTempDir(async (dir) => {
    const empty = await bajutsu(["import", "maestro", dir]);
    assert.equal(empty.code, 2);
    assert.match(
      empty.stderr,
      /E_MAESTRO_FLOW no Maestro flows \(\*\.yaml, \*\.yml\) in this folder/,
    );
    const none = await bajutsu(["import", "maestro"]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /missing required argument 'paths'/);
  });
});
