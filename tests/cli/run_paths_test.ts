/** `bajutsu run` and the file system: long names, an unusable runs folder, failing writes. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { MAX_DIR_NAME_BYTES } from "../../src/evidence/layout.ts";
import { runFake, tempDir } from "./run_fixture.ts";

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

Deno.test("run: a 278-character scenario name and a 300-byte step name still leave their evidence", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const name = "log in as " + "a customer from the data row with a long description, ".repeat(5);
    const stepName = "開始ボタンを押す".repeat(13); // 104 characters, 312 bytes of UTF-8
    assert.ok(name.length >= 278 && utf8Bytes(stepName) > 255);
    const file = join(dir, "long.yaml");
    await Deno.writeTextFile(
      file,
      `- name: "${name}"\n  steps:\n    - name: "${stepName}"\n      tap: { id: getStarted }\n` +
        `    - wait: { for: { id: username }, timeout: 2 }\n`,
    );
    const r = await runFake({ runsDir: join(dir, "runs"), scenarios: [file] });
    assert.equal(r.code, 0, r.err.join("\n"));
    assert.deepEqual(r.err.filter((l) => l.includes("evidence")), [], "no evidence failures");
    const scenario = r.manifest!.scenarios[0];
    const sid = scenario.sid as string;
    assert.ok(utf8Bytes(sid) <= MAX_DIR_NAME_BYTES, sid);
    const steps = scenario.steps as Array<{ step_id: string; artifacts: { name: string }[] }>;
    assert.equal(steps[0].step_id, stepName, "the manifest keeps the step's full name");
    const names = steps.flatMap((s) => s.artifacts.map((a) => a.name));
    assert.ok(names.some((n) => n.endsWith("/after.png")), names.join("\n"));
    for (const n of names) {
      assert.ok((await Deno.stat(join(r.runDir!, n))).isFile, n);
      for (const segment of n.split("/")) assert.ok(utf8Bytes(segment) <= MAX_DIR_NAME_BYTES);
    }
    assert.ok(names[0].startsWith(`${sid}/`));
  } finally {
    await cleanup();
  }
});
