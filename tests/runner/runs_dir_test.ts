import assert from "node:assert/strict";
import { join } from "node:path";
import { claimRunDir, fsFailureReason, RunsDirError } from "../../src/runner/runs_dir.ts";

const DATE = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

Deno.test("claimRunDir creates the runs folder and a fresh run folder, leaving no probe", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const runsDir = join(dir, "a", "runs");
    const first = await claimRunDir(runsDir, DATE);
    const second = await claimRunDir(runsDir, DATE);
    assert.deepEqual([first.runId, second.runId], ["20260102-030405", "20260102-030405-2"]);
    assert.equal(first.runDir, join(runsDir, first.runId));
    assert.deepEqual([...Deno.readDirSync(first.runDir)], [], "the write probe is removed");
    assert.equal((await Deno.stat(runsDir)).mode! & 0o777, 0o700);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("claimRunDir: a regular file, or a path below one, is a RunsDirError naming it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "file");
    await Deno.writeTextFile(file, "x");
    for (
      const [runsDir, reason] of [
        [file, "it exists and is not a directory"],
        [join(file, "runs"), `${file} is not a directory`],
        [join(file, "deeper", "runs"), `${file} is not a directory`],
      ]
    ) {
      await assert.rejects(() => claimRunDir(runsDir, DATE), (err: unknown) => {
        assert.ok(err instanceof RunsDirError);
        assert.equal(err.code, "E_RUNS_DIR");
        assert.equal(err.message, `E_RUNS_DIR cannot write runs to ${runsDir}: ${reason}`);
        return true;
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fsFailureReason names read-only, permission, full-disk and quota failures plainly", async () => {
  const fsError = (code: string) =>
    Object.assign(new Error(`${code} (os error 1): mkdir '/x'`), { code });
  assert.equal(await fsFailureReason(fsError("EROFS"), "/x"), "read-only file system");
  assert.equal(await fsFailureReason(fsError("EACCES"), "/x"), "permission denied");
  assert.equal(await fsFailureReason(fsError("EPERM"), "/x"), "permission denied");
  assert.equal(await fsFailureReason(fsError("ENOSPC"), "/x"), "no space left on device");
  assert.equal(await fsFailureReason(fsError("EDQUOT"), "/x"), "disk quota exceeded");
  assert.equal(await fsFailureReason(new Error("odd"), "/x"), "odd");
});
