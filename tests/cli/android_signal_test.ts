/**
 * SIGTERM to `bajutsu run` on Android: the run finishes on its own terms (FAIL, manifest written,
 * the scenario cancelled) and leaves no instrumentation, screenrecord or logcat process behind,
 * although each runs in a process group of its own.
 */
import assert from "node:assert/strict";
import { androidProject, finished, runCommandOf } from "./android_fixture.ts";
import type { FakeFarm } from "../support/fake_adb/harness.ts";

const SUITE = `
- name: waits long
  steps:
    - tap: { id: inc }
    - wait: { for: { id: never }, timeout: 60 }
      capture: [video, deviceLog]
`;

/** Live processes started for this farm (their environment names its folder). */
function farmProcesses(farm: FakeFarm): number[] {
  const found: number[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const environ = Deno.readTextFileSync(`/proc/${e.name}/environ`);
      if (!environ.includes(`FAKE_ADB_HOME=${farm.home}`)) continue;
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      if (stat.slice(stat.lastIndexOf(")") + 2)[0] === "Z") continue;
      found.push(Number(e.name));
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

Deno.test("android: SIGTERM cancels the run and leaves no instrumentation, screenrecord or logcat", async () => {
  await using farm = await androidProject(["emulator-5554"], SUITE);
  const child = runCommandOf(farm, []).spawn();
  try {
    const kinds = () => new Set(farm.device("emulator-5554").processes.map((p) => p.kind));
    const deadline = Date.now() + 60_000;
    while (!(kinds().has("instrument") && kinds().has("screenrecord") && kinds().has("logcat"))) {
      assert.ok(Date.now() < deadline, `still waiting for the helpers: ${[...kinds()]}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(farmProcesses(farm).length >= 3, "the helpers run");
    child.kill("SIGTERM");
    const r = await finished(await child.output(), farm.home);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /cancel requested \(SIGTERM\)/);
    assert.match(r.stdout, /^FAIL {2}/m);
    assert.match(String(r.manifest!.scenarios[0].failure), /^cancelled/);
    assert.deepEqual(farmProcesses(farm), [], "nothing of the run is left");
    assert.deepEqual(farm.device("emulator-5554").processes, []);
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
  }
});
