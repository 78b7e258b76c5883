import assert from "node:assert/strict";
import { BackendCrashError, DeviceError } from "../../src/drivers/driver.ts";
import type { BootAttempt } from "../../src/drivers/environment.ts";
import type { RunResult } from "../../src/orchestrator/types.ts";
import { RunCrashBudget } from "../../src/runner/crash_budget.ts";
import { RunAborted, runAll, type RunAllOptions } from "../../src/runner/run_all.ts";
import type { Scenario } from "../../src/scenario/types.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { CancelSource, RunCancelled } from "../../src/time/cancel.ts";
import { passing, recordingLeases, scenario } from "./doubles.ts";

/** A scripted loop: crashes on the listed (scenario name, attempt) pairs, else passes. */
function scripted(clock: FakeClock, crashes: Record<string, number[]>, runCostS = 1) {
  const seen: Record<string, number> = {};
  return (_d: unknown, s: Scenario): Promise<RunResult> => {
    seen[s.name] = (seen[s.name] ?? 0) + 1;
    clock.advance(runCostS);
    if ((crashes[s.name] ?? []).includes(seen[s.name])) {
      return Promise.reject(new BackendCrashError(`runner died in ${s.name}`));
    }
    return Promise.resolve(passing(s));
  };
}

function options(
  clock: FakeClock,
  run: RunAllOptions["runScenario"],
  extra: Partial<RunAllOptions> = {},
): RunAllOptions {
  return { clock, runScenario: run, runOptions: () => ({}), ...extra };
}

Deno.test("runAll: one result per scenario in declaration order, each on a fresh lease", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const names = ["a", "b", "c", "d", "e"];
  const out = await runAll(
    names.map((n) => scenario(n)),
    lease,
    options(clock, scripted(clock, {}), { workers: 3 }),
  );
  assert.deepEqual(out.map((r) => r.result.scenario), names);
  assert.deepEqual(out.map((r) => r.sid), ["00-a", "01-b", "02-c", "03-d", "04-e"]);
  assert.equal(log.requests.length, 5);
  assert.equal(log.released, 5);
});

Deno.test("crash recovery: a crash is retried once by default on a forced-erase lease and passes", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const out = await runAll([scenario("a")], lease, options(clock, scripted(clock, { a: [1] })));
  assert.equal(out[0].result.ok, true);
  assert.equal(out[0].attempts, 2);
  assert.deepEqual(log.requests.map((r) => [r.erase, r.forcedErase]), [[false, false], [
    true,
    true,
  ]]);
  assert.equal(log.released, 2);
});

Deno.test("crash recovery: the crashed attempt's lease is released as crashed, the retry's normally", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  await runAll([scenario("a"), scenario("b")], lease, options(clock, scripted(clock, { a: [1] })));
  assert.deepEqual(log.releasedCrashed, [true, false, false]);
});

Deno.test("crash recovery: each crash is recorded with what the retry did", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock, { canReplaceDevice: true });
  const out = await runAll(
    [scenario("a"), scenario("b")],
    lease,
    options(clock, scripted(clock, { a: [1, 2], b: [1, 2, 3] }), { crashRetries: 2 }),
  );
  assert.equal(out[0].result.ok, true);
  assert.equal(out[0].attempts, 3);
  assert.deepEqual(
    out[0].recoveries!.map((r) => [r.attempt, r.forcedErase, r.replaceDevice, r.retried]),
    [
      [1, true, false, true],
      [2, false, true, true],
    ],
  );
  assert.match(out[0].recoveries![0].crash, /runner died in a/);
  assert.equal(out[1].result.ok, false);
  assert.deepEqual(out[1].recoveries!.map((r) => r.retried), [true, true, false]);
});

Deno.test("crash recovery: a scenario that keeps crashing fails loudly after crash_retries + 1 attempts", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock);
  const out = await runAll(
    [scenario("a")],
    lease,
    options(clock, scripted(clock, { a: [1, 2, 3] }), { crashRetries: 2 }),
  );
  assert.equal(out[0].result.ok, false);
  assert.equal(
    out[0].result.failure,
    "backend crashed mid-run and did not recover across 3 attempts: runner died in a",
  );
});

Deno.test("crash recovery: crash_retries 0 disables the retry", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const out = await runAll(
    [scenario("a")],
    lease,
    options(clock, scripted(clock, { a: [1] }), { crashRetries: 0 }),
  );
  assert.equal(
    out[0].result.failure,
    "backend crashed mid-run and did not recover across 1 attempt: runner died in a",
  );
  assert.equal(log.requests.length, 1);
});

Deno.test("crash recovery: reinstall overwrite and --no-erase skip the forced erase; erase:false does not", async () => {
  for (
    const [extra, force, expectErase] of [
      [{ reinstall: "overwrite" as const }, true, false],
      [{}, false, false],
      [{ erase: false }, true, true],
    ] as const
  ) {
    const clock = new FakeClock();
    const { lease, log } = recordingLeases(clock);
    await runAll(
      [scenario("a", extra)],
      lease,
      options(clock, scripted(clock, { a: [1] }), { forceEraseOnRetry: force }),
    );
    assert.equal(log.requests[1].erase, expectErase, JSON.stringify(extra));
  }
});

Deno.test("crash recovery: a route that rejects erase retries with a bare respawn", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock, { rejectsErase: true });
  await runAll([scenario("a")], lease, options(clock, scripted(clock, { a: [1] })));
  assert.equal(log.requests[1].erase, false);
});

Deno.test("crash recovery: a device error in the forced-erase lease degrades to a bare respawn", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock, {
    failForcedErase: new DeviceError("erase failed"),
  });
  const out = await runAll([scenario("a")], lease, options(clock, scripted(clock, { a: [1] })));
  assert.equal(out[0].result.ok, true);
  assert.deepEqual(log.requests.map((r) => r.forcedErase), [false, true, false]);
});

Deno.test("crash recovery: the per-scenario budget bounds respawn time from the first crash", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock, { leaseCostS: 5 });
  const out = await runAll(
    [scenario("a")],
    lease,
    options(clock, scripted(clock, { a: [1, 2, 3] }), { crashRetries: 5, crashRecoveryBudgetS: 8 }),
  );
  // crash 1 at t=6 (allowed), crash 2 at t=12 (6 s ≤ 8), crash 3 at t=18 (12 s > 8).
  assert.equal(
    out[0].result.failure,
    "backend crashed mid-run and did not recover within the 8s crash-recovery budget: runner died in a",
  );
});

Deno.test("crash recovery: the run budget latches once binding and later scenarios fail before leasing", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock, { leaseCostS: 4 });
  const runBudget = new RunCrashBudget(3);
  const out = await runAll(
    [scenario("a"), scenario("b"), scenario("c")],
    lease,
    options(clock, scripted(clock, { a: [1, 2] }), { crashRetries: 3, runCrashBudget: runBudget }),
  );
  assert.equal(
    out[0].result.failure,
    "backend crashed mid-run and the run-level crash-recovery budget of 3s is exhausted: runner died in a",
  );
  assert.equal(runBudget.givenUp, true);
  assert.match(
    out[1].result.failure!,
    /run-level crash-recovery budget of 3s is exhausted; not attempted/,
  );
  assert.equal(out[2].attempts, 0);
  assert.equal(log.requests.filter((r) => r.scenario.name !== "a").length, 0);
});

Deno.test("crash recovery: a successful slow recovery spends the run budget but latches nothing", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock, { leaseCostS: 10 });
  const runBudget = new RunCrashBudget(5);
  const out = await runAll(
    [scenario("a"), scenario("b")],
    lease,
    options(clock, scripted(clock, { a: [1] }), { runCrashBudget: runBudget }),
  );
  assert.equal(out[0].result.ok, true);
  assert.ok(runBudget.exhausted());
  assert.equal(runBudget.givenUp, false);
  assert.equal(out[1].result.ok, true);
});

Deno.test("crash recovery: the replacement rung follows a forced-erase retry that crashed again", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock, { canReplaceDevice: true });
  const out = await runAll(
    [scenario("a")],
    lease,
    options(clock, scripted(clock, { a: [1, 2] }), { crashRetries: 2 }),
  );
  assert.equal(out[0].result.ok, true);
  assert.deepEqual(log.requests.map((r) => [r.forcedErase, r.replaceDevice]), [[false, false], [
    true,
    false,
  ], [false, true]]);
});

Deno.test("crash recovery: the replacement rung is off for pinned devices and --no-erase", async () => {
  for (const extra of [{ pinnedDevices: true }, { forceEraseOnRetry: false }]) {
    const clock = new FakeClock();
    const { lease, log } = recordingLeases(clock, { canReplaceDevice: true });
    await runAll(
      [scenario("a")],
      lease,
      options(clock, scripted(clock, { a: [1, 2] }), { crashRetries: 2, ...extra }),
    );
    assert.ok(log.requests.every((r) => !r.replaceDevice), JSON.stringify(extra));
  }
});

Deno.test("cancellation: unrun scenarios become cancelled results and a crash respawn is skipped", async () => {
  const clock = new FakeClock();
  const cancel = new CancelSource();
  const { lease, log } = recordingLeases(clock);
  const run = (_d: unknown, s: Scenario) => {
    if (s.name === "b") {
      cancel.cancel();
      return Promise.reject(new BackendCrashError("gone"));
    }
    return Promise.resolve(passing(s));
  };
  const out = await runAll(
    [scenario("a"), scenario("b"), scenario("c")],
    lease,
    options(clock, run, { cancel }),
  );
  assert.equal(out[0].result.ok, true);
  assert.match(out[1].result.failure!, /^cancelled: the backend crashed mid-run/);
  assert.equal(out[2].result.failure, "cancelled");
  assert.equal(log.requests.length, 2);
});

Deno.test("cancellation seen while leasing (the readiness wait) fails the scenario as cancelled", async () => {
  const clock = new FakeClock();
  const cancel = new CancelSource();
  const { lease: realLease } = recordingLeases(clock);
  const lease: typeof realLease = (req) => {
    if (req.scenario.name !== "b") return realLease(req);
    cancel.cancel();
    return Promise.reject(new RunCancelled());
  };
  const out = await runAll(
    [scenario("a"), scenario("b"), scenario("c")],
    lease,
    options(clock, (_d, s) => Promise.resolve(passing(s)), { cancel }),
  );
  assert.deepEqual(out.map((r) => r.result.failure), [null, "cancelled", "cancelled"]);
});

Deno.test("runAll: an unexpected error fails only its scenario; a device error aborts the rest but keeps every result", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock);
  const run = (_d: unknown, s: Scenario) => {
    if (s.name === "a") return Promise.reject(new TypeError("boom"));
    if (s.name === "b") return Promise.reject(new DeviceError("simulator vanished"));
    return Promise.resolve(passing(s));
  };
  const err = await runAll(
    [scenario("a"), scenario("b"), scenario("c")],
    lease,
    options(clock, run),
  ).catch((e) => e);
  assert.ok(err instanceof RunAborted);
  const recs = (err as RunAborted).records;
  assert.deepEqual(recs.map((r) => r.result.failure), [
    "error: boom",
    "device error: E_DEVICE simulator vanished",
    "aborted: simulator vanished",
  ]);
});

Deno.test("runAll: the boot steps each lease reports are in the record with their attempt, also when the lease then fails", async () => {
  const clock = new FakeClock();
  const step = (command: string, ok: boolean): BootAttempt => ({
    device: "dev-1",
    command,
    ok,
    exitCode: ok ? null : 60,
    detail: ok ? "" : "launchd failed to respond",
  });
  const { lease } = recordingLeases(clock, {
    bootSteps: (r) =>
      r.scenario.name === "a"
        ? r.attempt === 1 ? [step("boot", false), step("bootstatus -b", true)] : []
        : r.scenario.name === "b"
        ? [step("boot", false), step("bootstatus -b", false)]
        : [],
    failLease: (r) =>
      r.scenario.name === "b" ? new DeviceError("simulator dev-1 did not boot") : null,
  });
  const err = await runAll(
    [scenario("a"), scenario("b"), scenario("c")],
    lease,
    options(clock, scripted(clock, { a: [1] })),
  ).catch((e) => e);
  assert.ok(err instanceof RunAborted);
  const [a, b, c] = (err as RunAborted).records;
  assert.equal(a.result.ok, true);
  assert.deepEqual(a.bootAttempts!.map((x) => [x.attempt, x.command, x.ok]), [
    [1, "boot", false],
    [1, "bootstatus -b", true],
  ]);
  assert.equal(b.result.failure, "device error: E_DEVICE simulator dev-1 did not boot");
  assert.deepEqual(b.bootAttempts!.map((x) => [x.attempt, x.command, x.exitCode]), [
    [1, "boot", 60],
    [1, "bootstatus -b", 60],
  ]);
  assert.equal(c.result.failure, "aborted: simulator dev-1 did not boot");
  assert.equal(c.bootAttempts, undefined);
});

Deno.test("runAll: preflight failures skip leasing", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const out = await runAll(
    [scenario("a"), scenario("b")],
    lease,
    options(clock, scripted(clock, {}), {
      preflight: (s) => s.name === "a" ? "E_UNSUPPORTED: step 0: pinch" : null,
    }),
  );
  assert.equal(out[0].result.failure, "E_UNSUPPORTED: step 0: pinch");
  assert.equal(log.requests.length, 1);
});

Deno.test("crash recovery: a retry that cannot get its lease keeps the attempts, the recoveries and the sessions opened", async () => {
  const clock = new FakeClock();
  const endpoint = "https://hub.cloud.example/wd/hub";
  const noSession = new DeviceError(
    `remote endpoint ${endpoint} opened no session within the 2s session budget`,
  );
  const { lease, log } = recordingLeases(clock, {
    rejectsErase: true,
    failLease: (r) => r.attempt === 2 ? noSession : null,
    remoteSession: (n) => ({
      endpoint,
      sessionId: `s-${n}`,
      sessionUrl: `https://cloud.example/sessions/s-${n}`,
    }),
  });
  const err = await runAll(
    [scenario("a"), scenario("b")],
    lease,
    options(clock, scripted(clock, { a: [1] })),
  ).catch((e) => e);
  // A device error still ends the run (every result kept), as before.
  assert.ok(err instanceof RunAborted);
  const [a, b] = (err as RunAborted).records;
  assert.equal(a.result.ok, false);
  assert.equal(a.result.failure, `device error: E_DEVICE ${noSession.message}`);
  assert.equal(a.attempts, 2, "the crashed attempt and the retry whose lease failed");
  assert.deepEqual(a.recoveries, [{
    attempt: 1,
    crash: "runner died in a",
    forcedErase: false,
    replaceDevice: false,
    retried: true,
  }]);
  assert.deepEqual(a.remoteSessions, [{
    attempt: 1,
    endpoint,
    sessionId: "s-1",
    sessionUrl: "https://cloud.example/sessions/s-1",
  }]);
  assert.deepEqual([a.backend, a.device, a.deviceName], ["fake", "dev-1", "Fake"]);
  assert.equal(b.result.failure, `aborted: ${noSession.message}`);
  assert.equal(log.released, 1);
});

Deno.test("crash recovery: cancelled while leasing the retry, the scenario keeps its crash and session", async () => {
  const clock = new FakeClock();
  const { lease } = recordingLeases(clock, {
    failLease: (r) => r.attempt === 2 ? new RunCancelled() : null,
    remoteSession: (n) => ({
      endpoint: "http://127.0.0.1:4723",
      sessionId: `s-${n}`,
      sessionUrl: null,
    }),
  });
  const [a] = await runAll([scenario("a")], lease, options(clock, scripted(clock, { a: [1] })));
  assert.equal(a.result.failure, "cancelled");
  assert.equal(a.attempts, 2);
  assert.equal(a.recoveries?.length, 1);
  assert.deepEqual(a.remoteSessions?.map((r) => r.sessionId), ["s-1"]);
});

/** A loop where scenario `flaky` fails every other run (its 2nd, 4th …); others pass. */
function alternating(clock: FakeClock) {
  let runs = 0;
  return (_d: unknown, s: Scenario): Promise<RunResult> => {
    clock.advance(1);
    if (s.name !== "flaky") return Promise.resolve(passing(s));
    runs++;
    return Promise.resolve(
      runs % 2 === 0 ? { ...passing(s), ok: false, failure: `run ${runs} failed` } : passing(s),
    );
  };
}

Deno.test("runAll --repeat: each attempt is its own record, folder and fresh lease, in attempt order", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const out = await runAll(
    [scenario("steady"), scenario("flaky")],
    lease,
    options(clock, alternating(clock), {
      workers: 2,
      repeat: { mode: "repeat", count: 3, seed: 7 },
    }),
  );
  assert.equal(out.length, 6);
  assert.deepEqual(out.map((r) => [r.result.scenario, r.repetition, r.sid]), [
    ["steady", 1, "00-steady-attempt-1"],
    ["steady", 2, "00-steady-attempt-2"],
    ["steady", 3, "00-steady-attempt-3"],
    ["flaky", 1, "01-flaky-attempt-1"],
    ["flaky", 2, "01-flaky-attempt-2"],
    ["flaky", 3, "01-flaky-attempt-3"],
  ]);
  assert.deepEqual(out.slice(3).map((r) => r.result.ok), [true, false, true]);
  // A fresh lease per attempt, each for its own folder.
  assert.equal(log.requests.length, 6);
  assert.equal(new Set(log.requests.map((r) => r.sid)).size, 6);
  assert.equal(log.released, 6);
});

Deno.test("runAll --repeat: the seed decides the dispatch order, the same seed the same order", async () => {
  const orderFor = async (seed: number) => {
    const clock = new FakeClock();
    const { lease, log } = recordingLeases(clock);
    await runAll(
      [scenario("a"), scenario("b"), scenario("c")],
      lease,
      options(clock, scripted(clock, {}), { repeat: { mode: "repeat", count: 3, seed } }),
    );
    return log.requests.map((r) => r.sid).join(" ");
  };
  assert.equal(await orderFor(11), await orderFor(11));
  const orders = new Set(await Promise.all([1, 2, 3, 4].map(orderFor)));
  assert.ok(orders.size > 1);
});

Deno.test("runAll --retries: a failed scenario runs again on a fresh lease until it passes", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  let flakyRuns = 0;
  const run = (_d: unknown, s: Scenario): Promise<RunResult> => {
    if (s.name === "broken") return Promise.resolve({ ...passing(s), ok: false, failure: "no" });
    if (s.name === "flaky" && ++flakyRuns === 1) {
      return Promise.resolve({ ...passing(s), ok: false, failure: "first run fails" });
    }
    return Promise.resolve(passing(s));
  };
  const out = await runAll(
    [scenario("ok"), scenario("flaky"), scenario("broken")],
    lease,
    options(clock, run, { repeat: { mode: "retries", count: 2, seed: null } }),
  );
  assert.deepEqual(out.map((r) => [r.result.scenario, r.repetition, r.result.ok]), [
    ["ok", 1, true],
    ["flaky", 1, false],
    ["flaky", 2, true],
    ["broken", 1, false],
    ["broken", 2, false],
    ["broken", 3, false],
  ]);
  assert.equal(log.requests.length, 6);
});

Deno.test("runAll --retries: a scenario that never got a lease (preflight) is not run again", async () => {
  const clock = new FakeClock();
  const { lease, log } = recordingLeases(clock);
  const out = await runAll(
    [scenario("refused")],
    lease,
    options(clock, scripted(clock, {}), {
      preflight: () => "unsupported",
      repeat: { mode: "retries", count: 3, seed: null },
    }),
  );
  assert.equal(out.length, 1);
  assert.equal(out[0].result.failure, "unsupported");
  assert.equal(log.requests.length, 0);
});
