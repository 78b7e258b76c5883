/**
 * `bajutsu run` on an iOS target through the CLI, on the fake Mac (fake xcrun, fake xcodebuild,
 * fake WebDriverAgent): a passing suite, a failed expectation with its screenshot, ambiguity,
 * WebDriverAgent dying mid-scenario and the recovery recorded in the manifest, exhausted
 * budgets, warm reuse, the device flags, and the setup errors (exit 2 with the fix).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEFAULT_UDIDS } from "../support/fake_ios/state.ts";
import { iosProject, runIos } from "./ios_fixture.ts";

const UDID = DEFAULT_UDIDS.iphone16;

const PASSING = `  - name: add to cart
    steps:
      - tap: { id: add }
      - tap: { id: add }
      - type: { into: { id: name }, text: Ada }
    expect:
      - label: { sel: { id: count }, equals: "2" }
      - value: { sel: { id: name }, equals: Ada }
`;

Deno.test("ios run: a suite passes; two scenarios share one warm WebDriverAgent", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING + PASSING.replace("add to cart", "add again"));
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^PASS {2}/m);
    const [a, b] = r.manifest!.scenarios;
    assert.equal(a.backend, "xcuitest");
    assert.equal(a.device, UDID);
    assert.equal(a.device_name, "iPhone 16");
    assert.equal(a.device_runtime, "iOS 18.4");
    assert.equal(a.attempts, 1);
    assert.equal(b.ok, true);
    const s = p.mac.state();
    assert.equal(s.wdaSpawns, 1, "the second scenario reused the warm runner");
    assert.equal(s.xcodebuild.filter((x) => x[0] === "build-for-testing").length, 1);
    // Every step has its after-screenshot, a PNG.
    const shot = join(r.runDir!, String(a.sid), "step0", "after.png");
    const png = await Deno.readFile(shot);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a wrong expectation fails with its reason and a screenshot; ambiguity lists candidates", async () => {
  const p = await iosProject();
  try {
    await p.scenario(
      "fails",
      `  - name: wrong count
    steps:
      - tap: { id: add }
    expect:
      - label: { sel: { id: count }, equals: "5" }
  - name: ambiguous buy
    steps:
      - tap: { label: Buy }
`,
    );
    const r = await runIos(p);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^FAIL {2}/m);
    const [wrong, ambiguous] = r.manifest!.scenarios;
    assert.equal(wrong.ok, false);
    assert.equal(wrong.failure, 'expect: label {"id":"count"}: expected equals="5" but actual="1"');
    const shot = join(r.runDir!, String(wrong.sid), "step0", "after.png");
    assert.ok((await Deno.stat(shot)).size > 0);
    assert.match(
      String(ambiguous.failure),
      /ambiguous: 2 matches for \{"label":"Buy"\}: id=buy.*id=buyNow/,
    );
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: WebDriverAgent dying mid-scenario is recovered (erase first, fresh WDA) and recorded", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING);
    // The first runner dies at the second tap.
    await p.mac.update((s) =>
      s.wdaFaults.push({
        spawn: 1,
        faults: [{ at: 2, kind: "die", match: { method: "POST", path: "/session/:sid/wda/tap" } }],
      })
    );
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr);
    const [sc] = r.manifest!.scenarios;
    assert.equal(sc.ok, true);
    assert.equal(sc.attempts, 2);
    const [rec] = sc.recoveries as Array<Record<string, unknown>>;
    assert.equal(rec.attempt, 1);
    assert.equal(rec.forced_erase, true);
    assert.match(String(rec.crash), /write may have been lost/);
    const s = p.mac.state();
    assert.equal(s.wdaSpawns, 2, "a fresh WebDriverAgent");
    const afterCrash = s.calls.slice(s.calls.findLastIndex((c) => c[0] === "erase") - 1);
    assert.deepEqual(afterCrash.slice(0, 2).map((c) => c[0]), ["shutdown", "erase"]);
    assert.match(r.stderr, /respawning and retrying \(attempt 2\/2\)/);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: the app crashing on a tap is a crash: the scenario is retried on an erased device", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING);
    await p.mac.update((s) => s.appCrashes.push({ onTap: 1 }));
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr);
    const [sc] = r.manifest!.scenarios;
    assert.equal(sc.attempts, 2);
    assert.match(
      String((sc.recoveries as Array<{ crash: string }>)[0].crash),
      /the app under test crashed.*is not running, possibly crashed/,
    );
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a retry that erased and crashed again gets a brand-new simulator", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING);
    const die = [{ at: 1, kind: "die" as const, match: { path: "/session/:sid/wda/tap" } }];
    await p.mac.update((s) =>
      s.wdaFaults.push({ spawn: 1, faults: die }, { spawn: 2, faults: die })
    );
    const r = await runIos(p, [], { BAJUTSU_CRASH_RETRIES: "2" });
    assert.equal(r.code, 0, r.stderr);
    const [sc] = r.manifest!.scenarios;
    assert.equal(sc.attempts, 3);
    assert.deepEqual(
      (sc.recoveries as Array<Record<string, unknown>>).map((x) => [
        x.forced_erase,
        x.replace_device,
      ]),
      [[true, false], [false, true]],
    );
    assert.notEqual(sc.device, UDID, "the third attempt ran on the new simulator");
    const made = p.mac.state().devices.find((d) => d.udid === sc.device)!;
    assert.equal(made.name, `iPhone 16 (bajutsu-recovered-${UDID})`);
    assert.equal(p.mac.state().devices.find((d) => d.udid === UDID)?.state, "Shutdown");
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: budgets exhausted fail the scenario loudly and the run goes on", async () => {
  const p = await iosProject();
  try {
    await p.scenario("a", PASSING.replace("add to cart", "keeps crashing"));
    await p.scenario("b", PASSING.replace("add to cart", "runs after"));
    const die = [{ at: 1, kind: "die" as const, match: { path: "/session/:sid/wda/tap" } }];
    await p.mac.update((s) => {
      s.wdaFaults.push({ spawn: 1, faults: die }, { spawn: 2, faults: die });
    });
    const r = await runIos(p, [], { BAJUTSU_CRASH_RETRIES: "1" });
    assert.equal(r.code, 1, r.stderr);
    const [a, b] = r.manifest!.scenarios;
    assert.equal(a.ok, false);
    assert.match(
      String(a.failure),
      /backend crashed mid-run and did not recover across 2 attempts/,
    );
    assert.deepEqual((a.recoveries as Array<{ retried: boolean }>).map((x) => x.retried), [
      true,
      false,
    ]);
    assert.equal(b.ok, true, "the next scenario ran on a fresh runner");
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: --erase erases before every scenario; locale args and the system pin follow the scenario", async () => {
  const p = await iosProject();
  try {
    await p.scenario(
      "ja",
      `  - name: in japanese
    preconditions: { locale: ja_JP }
    steps:
      - tap: { id: add }
`,
    );
    const r = await runIos(p, ["--erase"]);
    assert.equal(r.code, 0, r.stderr);
    const s = p.mac.state();
    assert.ok(s.calls.some((c) => c[0] === "erase" && c[1] === UDID));
    assert.deepEqual(s.defaults[UDID], { AppleLanguages: ["ja-JP"], AppleLocale: "ja_JP" });
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: --udid takes simulator names; an unknown one is exit 2 listing the available", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING);
    const ok = await runIos(p, ["--udid", "iPhone 15"]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.manifest!.scenarios[0].device, DEFAULT_UDIDS.iphone15);
    const bad = await runIos(p, ["--udid", "iPhone 99"]);
    assert.equal(bad.code, 2);
    assert.equal(bad.manifest, null);
    assert.match(bad.stderr, /no simulator "iPhone 99".*available: iPhone 16/);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: --workers 2 leases two simulators, one WebDriverAgent each", async () => {
  const p = await iosProject();
  try {
    for (const n of ["a", "b", "c", "d"]) {
      await p.scenario(n, PASSING.replace("add to cart", `cart ${n}`));
    }
    const r = await runIos(p, ["--workers", "2"]);
    assert.equal(r.code, 0, r.stderr);
    const devices = new Set(r.manifest!.scenarios.map((s) => s.device));
    assert.equal(devices.size, 2);
    assert.equal(p.mac.state().wdaSpawns, 2);
    assert.ok(p.mac.state().devices.some((d) => d.name === "iPhone 16 (bajutsu 1)"));
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: setup errors are exit 2 with the fix and no stack trace", async () => {
  const p = await iosProject();
  try {
    await p.scenario("cart", PASSING);
    // No Xcode: the fake tools are not on PATH (and this machine has none).
    const noXcode = await runIos(p, [], { PATH: Deno.env.get("PATH") ?? "" });
    assert.equal(noXcode.code, 2);
    assert.match(noXcode.stderr, /xcrun and xcodebuild not on PATH: install Xcode .*xcode-select/);
    // A WebDriverAgent build that fails.
    await p.mac.update((s) => (s.buildFailures = 1));
    const build = await runIos(p);
    assert.equal(build.code, 2);
    assert.match(build.stderr, /WebDriverAgent build failed \(xcodebuild exit 65\)/);
    assert.match(build.stderr, /full log: .*build-16\.4-16F6-iOS-18-4-/);
    for (const r of [noXcode, build]) assert.doesNotMatch(r.stderr, /^\s+at /m);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: a bundle id that is not installed names appPath and simctl install", async () => {
  const p = await iosProject({ appPath: undefined, bundleId: "com.example.missing" });
  try {
    await p.scenario("cart", PASSING);
    const r = await runIos(p);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /com\.example\.missing is not installed .*set appPath .*simctl install/);
  } finally {
    await p.dispose();
  }
});

Deno.test("ios run: the device log of each step with --log-predicate; --no-progress prints nothing but the verdict", async () => {
  const p = await iosProject();
  try {
    await p.scenario(
      "logs",
      `  - name: logged
    steps:
      - tap: { id: add }
        capture: [deviceLog]
`,
    );
    const r = await runIos(p, ["--log-predicate", 'process == "Shop"', "--no-progress"]);
    assert.equal(r.code, 0, r.stderr);
    const sc = r.manifest!.scenarios[0];
    const log = await Deno.readTextFile(join(r.runDir!, String(sc.sid), "step0", "device.log"));
    assert.match(log, /Filtering the log data using "process == "Shop""/);
    assert.doesNotMatch(r.stderr, /scenario 1\/1/);
  } finally {
    await p.dispose();
  }
});
