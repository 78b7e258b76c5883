import assert from "node:assert/strict";
import { el, recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";
import { join } from "node:path";
import { FileSink } from "../../src/evidence/file_sink.ts";
import { Redactor } from "../../src/evidence/redact.ts";
import { EvidenceWriteFailures } from "../../src/evidence/write_failures.ts";

const fullDisk = (path: string) =>
  Promise.reject(new Error(`No space left on device (os error 28): open '${path}.x.tmp'`));

Deno.test("a failing disk: the sink never throws, and every lost file is counted once in the tally", async () => {
  const failures = new EvidenceWriteFailures();
  const f = await sinkFixture({ failures, writeFile: fullDisk });
  try {
    const { driver } = recordingDriver({ bytes: true });
    f.sink.beginScenario("00-a");
    for (let i = 0; i < 3; i++) {
      const pre = await f.sink.before(driver, `step${i}`, [el({})]);
      // Listed as queued; the tally names the lost ones and the report leaves those out.
      assert.deepEqual(pre.map((a) => a.name), [
        `00-a/step${i}/before.png`,
        `00-a/step${i}/elements.json`,
      ]);
      await f.sink.afterShot(driver, `step${i}`);
    }
    await f.sink.flush();
    // Per step: before.png and after.png (queued) and elements.json.
    assert.equal(failures.count, 9);
    assert.ok(failures.failed("00-a/step0/after.png"));
    assert.ok(!failures.failed("00-a/step0/nothing.png"));
    assert.match(
      failures.summary()!,
      /^9 evidence writes failed, first: 00-a\/step0\/(before\.png|elements\.json): No space left on device \(os error 28\)$/,
    );
    assert.equal(f.logs.length, 9, "the optional diagnostic log still sees each failure");
  } finally {
    await f.cleanup();
  }
});

Deno.test("the tally: nothing failed is no line; a matrix pass records under its engine", () => {
  const failures = new EvidenceWriteFailures();
  assert.equal(failures.summary(), null);
  failures.under("firefox/").record("00-a/step0/after.png", "disk quota exceeded");
  assert.ok(failures.failed("firefox/00-a/step0/after.png"));
  assert.equal(
    failures.summary(),
    "1 evidence write failed, first: firefox/00-a/step0/after.png: disk quota exceeded",
  );
});

Deno.test("a FileSink without a log prints nothing per failure (the run prints the tally once)", async () => {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.join(" "));
  const dir = await Deno.makeTempDir();
  try {
    // The run dir lies below a regular file: every folder the sink creates fails.
    await Deno.writeTextFile(join(dir, "file"), "x");
    const sink = new FileSink(join(dir, "file", "run"), { redactor: new Redactor({}) });
    sink.beginScenario("00-a");
    const { driver } = recordingDriver({ bytes: true });
    for (let i = 0; i < 50; i++) assert.deepEqual(await sink.afterShot(driver, `step${i}`), []);
    await sink.flush();
    assert.deepEqual(lines, []);
  } finally {
    console.error = original;
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a step folder that cannot be made: the baseline's queued files are tallied as lost", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "file"), "x");
    const failures = new EvidenceWriteFailures();
    const sink = new FileSink(join(dir, "file", "run"), { redactor: new Redactor({}), failures });
    sink.beginScenario("00-a");
    const { driver } = recordingDriver({ bytes: true });
    // The folder is made off the step: the baseline lists its files at once…
    const listed = await sink.before(driver, "step0", [el({})]);
    assert.deepEqual(listed.map((a) => a.name), [
      "00-a/step0/before.png",
      "00-a/step0/elements.json",
    ]);
    await sink.flush();
    // …and every one of them is in the tally, which the report uses to leave them out.
    assert.ok(failures.failed("00-a/step0"));
    assert.ok(failures.failed("00-a/step0/before.png"));
    assert.ok(failures.failed("00-a/step0/elements.json"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
