/**
 * `bajutsu run` on the fake Mac: the device-recovery bound (`BAJUTSU_XCUITEST_RECOVERY_TIMEOUT`)
 * between two WebDriverAgent start attempts covers the repair itself, not a replacement
 * device's re-prep (boot, locale pin, install: each call keeps its own deadline); and when the
 * bound passes, the simctl call in flight is killed, not left running.
 */
import assert from "node:assert/strict";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { DEFAULT_UDIDS } from "../support/fake_ios/state.ts";
import { SHOP } from "../drivers/ios/env_fixture.ts";
import { fakeProcesses, iosProject, runIos } from "./ios_fixture.ts";

const UDID = DEFAULT_UDIDS.iphone16;

const TAP = `  - name: add to cart
    steps:
      - tap: { id: add }
    expect:
      - label: { sel: { id: count }, equals: "1" }
`;

Deno.test("ios run: a replacement device's slow install (5 s) is outside a 3 s recovery bound: the run passes", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", TAP);
    await p.mac.update((s) => {
      // The device vanishes as the first runner starts: the repair replaces it.
      s.wdaFaults.push({ spawn: 1, faults: [], vanishDevice: true });
      // The replacement's install (the second one of the run) takes 5 s.
      s.simctlFaults.push({ subcommand: "install", skip: 1, hangS: 5 });
    });
    const r = await runIos(p, [], { BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "3" });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(validateManifest(r.manifest), []);
    const [sc] = r.manifest!.scenarios;
    assert.equal(sc.ok, true);
    assert.notEqual(sc.device, UDID, "it ran on the replacement");
    const s = p.mac.state();
    assert.ok(s.apps[String(sc.device)][SHOP], "installed on the replacement");
    assert.deepEqual(s.hangs.map((h) => [h.argv[0], h.argv[1], h.finished]), [
      ["install", sc.device, true],
    ]);
    assert.match(r.stderr, new RegExp(`replaced simulator ${UDID} with ${sc.device}`));
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a reboot whose boot hangs past the recovery bound: the boot child is killed, exit 2, a complete manifest", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", TAP);
    await p.mac.update((s) => {
      // The first runner never answers /status: the repair reboots the device.
      s.wdaFaults.push({
        spawn: 1,
        faults: [{ at: 1, kind: "hang", match: { path: "/status" }, times: "always" }],
      });
      // The cold start's boot and the locale pin's reboot go through; the repair's hangs.
      s.simctlFaults.push({ subcommand: "boot", skip: 2, hangS: 30 });
    });
    const t0 = performance.now();
    const r = await runIos(p, [], {
      BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "1",
      BAJUTSU_XCUITEST_RECOVERY_TIMEOUT: "2",
    });
    // Right away: nothing of the fake Mac runs on, the hung boot least of all.
    const left = await fakeProcesses(p.mac.dir);
    assert.deepEqual(p.mac.liveHangs(), [], "the hung boot was killed");
    assert.deepEqual(left, [], "no simctl or xcodebuild left");
    const [hung] = p.mac.state().hangs;
    assert.deepEqual([hung.argv[0], hung.finished], ["boot", false]);
    assert.ok(performance.now() - t0 < 25_000, "the run did not wait the hang out");
    assert.equal(r.code, 2, r.stderr);
    const bound = new RegExp(
      `simulator ${UDID}: device recovery did not finish within 2s ` +
        `\\(BAJUTSU_XCUITEST_RECOVERY_TIMEOUT\\)`,
    );
    assert.match(r.stderr, new RegExp(`^device error: E_DEVICE_TIMEOUT ${bound.source}`, "m"));
    assert.deepEqual(validateManifest(r.manifest), []);
    const [sc] = r.manifest!.scenarios;
    assert.match(String(sc.failure), new RegExp(`^device error: E_DEVICE_TIMEOUT ${bound.source}`));
    const [boot] = sc.boot_attempts as Array<Record<string, unknown>>;
    assert.deepEqual([boot.command, boot.ok, boot.exit_code], ["boot", false, null]);
    assert.match(String(boot.detail), new RegExp(`^xcrun simctl boot ${UDID} was killed: `));
    assert.match(String(boot.detail), bound);
  } finally {
    await p.dispose();
  }
});
