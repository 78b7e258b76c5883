/** `deno task run <args>` is `bajutsu run <args>`: the real process, its streams and exit code. */
import assert from "node:assert/strict";
import { runTaskProcess } from "./run_fixture.ts";

Deno.test("deno task run is bajutsu run: PASS line last on stdout, progress on stderr, exit 0", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-task-" });
  try {
    const { code, stdout, stderr } = await runTaskProcess(runsDir);
    assert.equal(code, 0, stderr);
    assert.match(stdout.at(-1)!, new RegExp(`^PASS {2}${runsDir}/\\d{8}-\\d{6}/manifest\\.json$`));
    assert.match(stderr, /✔ scenario 1\/2: log in/);
    assert.ok(!stderr.includes("\u001b["), "NO_COLOR: no escape sequences");
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});
