/** `deno task run <args>` is `bajutsu run <args>`: the real process, its streams and exit code. */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("deno task run is bajutsu run: PASS line last on stdout, progress on stderr, exit 0", async () => {
  const runsDir = await Deno.makeTempDir({ prefix: "bajutsu-task-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "-q",
        "run",
        "--config",
        "tests/fixtures/fake_target/bajutsu.config.yaml",
        "--exclude",
        "broken",
        "--runs-dir",
        runsDir,
      ],
      cwd: ROOT,
      env: { LOGIN_PASSWORD: "hunter2", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout).trim().split("\n");
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    assert.match(stdout.at(-1)!, new RegExp(`^PASS {2}${runsDir}/\\d{8}-\\d{6}/manifest\\.json$`));
    assert.match(stderr, /✔ scenario 1\/2: log in/);
    assert.ok(!stderr.includes("\u001b["), "NO_COLOR: no escape sequences");
  } finally {
    await Deno.remove(runsDir, { recursive: true });
  }
});
