/**
 * scripts/release/smoke.ts, the release smoke suites, run here against `bajutsu` from source (a
 * wrapper script standing in for the compiled binary): the fake suite passes, and a wrong
 * executable or a source run claimed as compiled fails with one `FAIL` line.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { smoke } from "../../scripts/release/smoke.ts";
import { REPO_ROOT } from "../support/module_graph.ts";
import { VERSION } from "../../src/version.ts";

async function wrapper(dir: string, body: string): Promise<string> {
  const path = join(dir, "bajutsu");
  await Deno.writeTextFile(path, `#!/bin/sh\n${body}\n`);
  await Deno.chmod(path, 0o755);
  return path;
}

const fromSource = (dir: string) =>
  wrapper(
    dir,
    `exec "${Deno.execPath()}" run -A --config "${join(REPO_ROOT, "deno.json")}" ` +
      `"${join(REPO_ROOT, "main.ts")}" "$@"`,
  );

Deno.test("smoke: the fake suite passes against bajutsu from source", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const lines: string[] = [];
    assert.equal(
      await smoke([await fromSource(dir), "fake"], (l) => lines.push(l)),
      0,
      lines.join("\n"),
    );
    assert.deepEqual(lines.map((l) => l.split(/[:(]/)[0].trim()), [
      `ok  bajutsu ${VERSION}`,
      "ok  version --json",
      "ok  schema",
      "ok  lint",
      "ok  run",
      "ok  report",
      "ok  serve",
      "ok  serve",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("smoke: a wrong executable and a source run claimed as compiled fail", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const lines: string[] = [];
    const impostor = await wrapper(dir, 'echo "something else"');
    assert.equal(await smoke([impostor, "fake"], (l) => lines.push(l)), 1);
    assert.match(lines.at(-1)!, /^FAIL --version: exit 0\nsomething else/);
    lines.length = 0;
    assert.equal(
      await smoke([await fromSource(dir), "fake", "--compiled"], (l) => lines.push(l)),
      1,
    );
    assert.match(lines.at(-1)!, /^FAIL version --json: compiled/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
