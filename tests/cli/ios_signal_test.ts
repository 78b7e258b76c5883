/**
 * SIGTERM during an iOS run: the run cancels cooperatively, writes its report, and leaves no
 * process of its own behind: no xcodebuild (WebDriverAgent), no recording, no log stream.
 */
import assert from "node:assert/strict";
import { pumpLines } from "../../src/process/line_splitter.ts";
import { cliCommand, fakeProcesses, iosProject } from "./ios_fixture.ts";

Deno.test("ios run: SIGTERM mid-step cancels the run and leaves no fake process alive", async () => {
  const p = await iosProject();
  try {
    await p.scenario(
      "slow",
      `  - name: waits long
    steps:
      - tap: { id: add }
      - wait: { for: { id: neverThere }, timeout: 60 }
        capture: [video, deviceLog]
  - name: never runs
    steps:
      - tap: { id: add }
`,
    );
    const child = cliCommand(p, ["run", "--config", p.config, "--runs-dir", p.runs, "--progress"], {
      BAJUTSU_CANCEL_GRACE: "20",
    }).spawn();
    const stderr: string[] = [];
    let reached: () => void = () => {};
    const waiting = new Promise<void>((resolve) => reached = resolve);
    const pump = pumpLines(child.stderr, (line) => {
      stderr.push(line);
      if (/step 1: wait/.test(line)) reached();
    });
    await Promise.race([waiting, pump.done.then(() => assert.fail(stderr.join("\n")))]);
    // The wait step's recordings are running now, and WebDriverAgent with them.
    for (let i = 0; i < 100 && (await fakeProcesses(p.mac.dir)).length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = await fakeProcesses(p.mac.dir);
    assert.ok(before.length >= 3, `xcodebuild, recordVideo and log stream: ${before.length}`);
    child.kill("SIGTERM");
    const [status, out] = await Promise.all([
      child.status,
      new Response(child.stdout).text(),
      pump.done,
    ]);
    assert.equal(status.code, 1);
    assert.match(out, /^FAIL {2}.*manifest\.json$/m);
    const path = /^FAIL {2}(.*manifest\.json)$/m.exec(out)![1];
    const manifest = JSON.parse(
      await Deno.readTextFile(path.startsWith("/") ? path : `${p.dir}/${path}`),
    );
    assert.deepEqual(
      manifest.scenarios.map((s: { failure: string }) => s.failure.split(":")[0]),
      ["cancelled", "cancelled"],
    );
    // Nothing of ours survives the run.
    for (let i = 0; i < 50 && (await fakeProcesses(p.mac.dir)).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(await fakeProcesses(p.mac.dir), []);
  } finally {
    await p.dispose();
  }
});
