/** The device flags of `run`: in `--help`, and `--udid` refused where there is no device. */
import assert from "node:assert/strict";
import { runCli } from "../../src/cli/program.ts";
import { runFake, tempDir } from "./run_fixture.ts";

Deno.test("run --help lists the device flags", async () => {
  const out: string[] = [];
  assert.equal(
    await runCli(["run", "--help"], { stdout: (l) => out.push(l), stderr: () => {} }),
    0,
  );
  const help = out.join("\n");
  for (
    const flag of [
      "--udid <devices>",
      "--log-predicate <predicate>",
      "--log-subsystem <subsystem>",
      "--no-progress",
      "--erase",
      "--no-erase",
    ]
  ) {
    assert.ok(help.includes(flag), flag);
  }
});

Deno.test("--udid on a target without devices is a usage error (exit 2), before any run folder", async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const r = await runFake({ runsDir: dir, udids: ["booted"] });
    assert.equal(r.code, 2);
    assert.match(r.err.join("\n"), /--udid applies to iOS and Android targets; app is fake/);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  } finally {
    await cleanup();
  }
});
