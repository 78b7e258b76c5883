/**
 * `bajutsu run` on the fake Mac when CoreSimulator answers `simctl boot` with "launchd failed to
 * respond" (exit 60, the device left Shutdown): `bootstatus -b` boots it, else one shutdown +
 * boot does, else the run ends with a device error (exit 2) and a complete manifest. Every step
 * is printed on stderr, one line each, and recorded in the manifest (`boot_attempts`).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { validateManifest } from "../../src/report/manifest_schema.ts";
import { ALWAYS, launchdBootFaults } from "../support/fake_ios/boot_faults.ts";
import { DEFAULT_UDIDS } from "../support/fake_ios/state.ts";
import { iosProject, runIos } from "./ios_fixture.ts";

const UDID = DEFAULT_UDIDS.iphone16;

const TAP = `  - name: add to cart
    steps:
      - tap: { id: add }
    expect:
      - label: { sel: { id: count }, equals: "1" }
`;

/** simctl's words, as the failed steps quote them. */
const LAUNCHD =
  /domain=NSPOSIXErrorDomain, code=60\): Unable to boot the Simulator\. launchd failed to respond\./;

/** The manifest's boot steps in short: `[command, ok, exit_code]`. */
function bootSteps(sc: Record<string, unknown>): Array<[string, boolean, number | null]> {
  return (sc.boot_attempts as Array<Record<string, unknown>> ?? []).map((b) => [
    b.command as string,
    b.ok as boolean,
    b.exit_code as number | null,
  ]);
}

/** The stderr lines that report a boot step of the device. */
function bootLines(stderr: string, udid = UDID): string[] {
  return stderr.split("\n").filter((l) => l.startsWith(`warning: ios: booting ${udid}: `));
}

Deno.test("ios run: a boot launchd failed is waited out with bootstatus -b, each time; every step recorded and printed", async () => {
  // The cold start's boot and the locale pin's reboot both fail.
  const p = await iosProject();
  try {
    await p.scenario("cart", TAP);
    await p.mac.update((s) => s.simctlFaults.push(...launchdBootFaults({ boots: 2 })));
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(validateManifest(r.manifest), []);
    const [sc] = r.manifest!.scenarios;
    assert.equal(sc.ok, true);
    assert.deepEqual(bootSteps(sc), [
      ["boot", false, 60],
      ["bootstatus -b", true, null],
      ["boot", false, 60],
      ["bootstatus -b", true, null],
    ]);
    const [first] = sc.boot_attempts as Array<Record<string, unknown>>;
    assert.equal(first.attempt, 1);
    assert.equal(first.device, UDID);
    assert.match(String(first.detail), LAUNCHD);
    const lines = bootLines(r.stderr);
    assert.equal(lines.length, 4, r.stderr);
    assert.match(lines[0], new RegExp(`xcrun simctl boot ${UDID} failed \\(exit 60\\): `));
    assert.match(lines[0], LAUNCHD);
    assert.equal(lines[1], `warning: ios: booting ${UDID}: simctl bootstatus -b ok`);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a bootstatus -b that does not help: one shutdown + boot retry boots it and the run passes", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", TAP);
    await p.mac.update((s) => {
      s.simctlFaults.push(...launchdBootFaults({ boots: 1, bootstatuses: 1 }));
    });
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(validateManifest(r.manifest), []);
    const [sc] = r.manifest!.scenarios;
    assert.deepEqual(bootSteps(sc), [
      ["boot", false, 60],
      ["bootstatus -b", false, 60],
      ["shutdown", true, null],
      ["boot", true, null],
      ["bootstatus -b", true, null],
    ]);
    assert.equal(bootLines(r.stderr).length, 5, r.stderr);
    const calls = p.mac.state().calls.map((c) => c[0]);
    const from = calls.indexOf("boot");
    assert.deepEqual(calls.slice(from, from + 5), [
      "boot",
      "bootstatus",
      "shutdown",
      "boot",
      "bootstatus",
    ]);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a simulator that never boots: exit 2, the device error names each step and the fix, the manifest is complete", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", TAP + TAP.replace("add to cart", "add again"));
    await p.mac.update((s) => {
      s.simctlFaults.push(...launchdBootFaults({ boots: ALWAYS, bootstatuses: ALWAYS }));
    });
    const r = await runIos(p);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stdout, /^FAIL {2}/m);
    const said = new RegExp(
      `^device error: E_SIM_BOOT simulator ${UDID} did not boot: boot failed \\(exit 60\\), bootstatus -b ` +
        `failed \\(exit 60\\), shutdown ok, boot failed \\(exit 60\\) \\(simctl said: `,
      "m",
    );
    assert.match(r.stderr, said);
    assert.match(r.stderr, /restart CoreSimulator/);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
    assert.equal(bootLines(r.stderr).length, 4, r.stderr);
    // Complete: both scenarios, the boot steps of the failed lease, the reports beside it.
    assert.deepEqual(validateManifest(r.manifest), []);
    const [failed, aborted] = r.manifest!.scenarios;
    assert.match(String(failed.failure), /^device error: E_SIM_BOOT simulator .* did not boot: /);
    assert.match(String(failed.failure), LAUNCHD);
    assert.deepEqual(bootSteps(failed), [
      ["boot", false, 60],
      ["bootstatus -b", false, 60],
      ["shutdown", true, null],
      ["boot", false, 60],
    ]);
    assert.match(String(aborted.failure), /^aborted: simulator .* did not boot/);
    assert.equal(aborted.boot_attempts, undefined);
    assert.ok((await Deno.stat(join(r.runDir!, "report.html"))).size > 0);
    // Bounded: one retry, nothing booted, nothing more tried.
    assert.equal(p.mac.state().calls.filter((c) => c[0] === "boot").length, 2);
    assert.equal(p.mac.state().devices.find((d) => d.udid === UDID)?.state, "Shutdown");
  } finally {
    await p.dispose();
  }
});
