import assert from "node:assert/strict";
import type {
  Environment,
  EnvironmentFactory,
  StartRequest,
} from "../../src/drivers/environment.ts";
import { devicePool, type PoolOptions } from "../../src/runner/pool.ts";
import type { LeaseRequest } from "../../src/runner/lease.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { el, nullSinkDouble, scenario, timedDriver } from "./doubles.ts";

/** A fake resident runner: counts spawns, app launches, health probes and teardowns. */
class FakeResidentEnv implements Environment {
  readonly deviceName = "Fake Phone";
  readonly deviceRuntime = "fake 1";
  readonly rejectsErase = false;
  readonly canReplaceDevice = false;
  starts: StartRequest[] = [];
  tornDown = false;
  healthy = true;
  /** A probe that never answers (a wedged runner whose probe hangs). */
  probeHangs = false;
  constructor(
    readonly device: string,
    readonly actuator: string,
    readonly reusable: boolean,
    private clock: FakeClock,
    private log: string[],
  ) {
    log.push(`spawn ${device} ${actuator}`);
  }
  start(req: StartRequest) {
    this.starts.push(req);
    this.log.push(
      `${req.warm ? "warm" : "cold"} launch ${this.device}${req.erase ? " (erase)" : ""}`,
    );
    return Promise.resolve(timedDriver(this.clock, () => [el("a"), el("b")]));
  }
  relaunch(_overrides: { env?: Record<string, string>; args?: string[] }) {
    this.log.push(`relaunch ${this.device}`);
    return Promise.resolve();
  }
  health() {
    this.log.push(`health ${this.device}`);
    if (this.probeHangs) return new Promise<boolean>(() => {});
    return Promise.resolve(this.healthy);
  }
  endLease() {
    this.log.push(`endLease ${this.device}`);
    return Promise.resolve();
  }
  teardown() {
    this.tornDown = true;
    this.log.push(`teardown ${this.device}`);
    return Promise.resolve();
  }
}

/** A probe deadline the test fires by hand. */
function manualDeadline() {
  const made: AbortController[] = [];
  const factory = () => {
    const c = new AbortController();
    made.push(c);
    return { signal: c.signal, dispose: () => {} };
  };
  return { factory, fire: () => made.forEach((c) => c.abort()), made };
}

function setup(maxWarmReuses: number, reusable = true, extra: Partial<PoolOptions> = {}) {
  const clock = new FakeClock();
  const log: string[] = [];
  const envs: FakeResidentEnv[] = [];
  const factory: EnvironmentFactory = {
    create: (device, actuator) => {
      const env = new FakeResidentEnv(device, actuator, reusable, clock, log);
      envs.push(env);
      return Promise.resolve(env);
    },
  };
  let actuator = "xcuitest";
  const opts: PoolOptions = {
    devices: ["sim-1"],
    factory,
    actuatorFor: () => actuator,
    sinkFor: () => nullSinkDouble,
    clock,
    maxWarmReuses,
    ...extra,
  };
  const pool = devicePool(opts);
  const req = (name: string, erase = false): LeaseRequest => ({
    scenario: scenario(name),
    sid: "00-x",
    erase,
    forcedErase: false,
    replaceDevice: false,
    attempt: 1,
  });
  const leaseAndRelease = async (name: string, erase = false) => {
    const l = await pool.lease(req(name, erase));
    await l.release();
    return l;
  };
  return { pool, log, envs, leaseAndRelease, setActuator: (a: string) => (actuator = a) };
}

Deno.test("warm runner: the resident is reused across leases with only the app relaunched", async () => {
  const { pool, envs, leaseAndRelease } = setup(3);
  await leaseAndRelease("a");
  await leaseAndRelease("b");
  assert.equal(envs.length, 1);
  assert.deepEqual(envs[0].starts.map((s) => s.warm), [false, true]);
  assert.deepEqual(pool.stats(), { coldStarts: 1, warmReuses: 1, healthMisses: 0 });
});

Deno.test("a relaunch step's readiness gate comes back as the step's wait record", async () => {
  const { pool, log } = setup(3);
  const lease = await pool.lease({
    scenario: scenario("a"),
    sid: "00-a",
    erase: false,
    forcedErase: false,
    replaceDevice: false,
    attempt: 1,
  });
  try {
    assert.ok(lease.relauncher);
    const gate = await lease.relauncher({ env: { MODE: "x" } });
    assert.ok(gate, "the gate's record");
    assert.equal(gate.kind, "relaunch");
    assert.equal(gate.endedBy, "stable", "the screen held still after the app was up");
    assert.ok(gate.reads >= 2, `reads ${gate.reads}`);
    assert.equal("signal" in gate, false, "the rung stays with the launch record");
    assert.ok(log.includes("relaunch sim-1"));
  } finally {
    await lease.release();
  }
});

Deno.test("warm runner: reuse is bounded by max warm reuses, then respawned cold", async () => {
  const { envs, leaseAndRelease } = setup(2);
  for (const n of ["a", "b", "c", "d"]) await leaseAndRelease(n);
  // cold, warm, warm, then the bound forces a cold respawn.
  assert.equal(envs.length, 2);
  assert.equal(envs[0].tornDown, true);
  assert.deepEqual(envs[0].starts.map((s) => s.warm), [false, true, true]);
  assert.deepEqual(envs[1].starts.map((s) => s.warm), [false]);
});

Deno.test("warm runner: max warm reuses 0 disables reuse entirely", async () => {
  const { envs, leaseAndRelease } = setup(0);
  await leaseAndRelease("a");
  await leaseAndRelease("b");
  assert.equal(envs.length, 2);
  assert.ok(envs.every((e) => e.tornDown));
});

Deno.test("warm runner: a failed health probe is a cache miss (one extra cold start)", async () => {
  const { pool, envs, leaseAndRelease } = setup(3);
  await leaseAndRelease("a");
  envs[0].healthy = false;
  const l = await leaseAndRelease("b");
  assert.ok(l.driver);
  assert.equal(envs.length, 2);
  assert.equal(envs[0].tornDown, true);
  assert.equal(pool.stats().healthMisses, 1);
});

Deno.test("warm runner: a different actuator tears the resident down and respawns", async () => {
  const { envs, leaseAndRelease, setActuator } = setup(3);
  await leaseAndRelease("a");
  setActuator("webdriver");
  await leaseAndRelease("b");
  assert.equal(envs.length, 2);
  assert.equal(envs[0].tornDown, true);
  assert.equal(envs[1].actuator, "webdriver");
});

Deno.test("warm runner: an erasing scenario tears down and respawns cold", async () => {
  const { envs, leaseAndRelease } = setup(3);
  await leaseAndRelease("a");
  await leaseAndRelease("b", true);
  assert.equal(envs.length, 2);
  assert.equal(envs[1].starts[0].erase, true);
  assert.equal(envs[1].starts[0].warm, false);
});

Deno.test("pool: non-reusable environments are torn down at every release", async () => {
  const { envs, leaseAndRelease, pool } = setup(3, false);
  await leaseAndRelease("a");
  await leaseAndRelease("b");
  assert.equal(envs.length, 2);
  assert.ok(envs.every((e) => e.tornDown));
  await pool.shutdown();
});

Deno.test("pool: a lease waits for a free device and shutdown tears down warm residents", async () => {
  const { pool, envs } = setup(3);
  const req: LeaseRequest = {
    scenario: scenario("a"),
    sid: "00-a",
    erase: false,
    forcedErase: false,
    replaceDevice: false,
    attempt: 1,
  };
  const first = await pool.lease(req);
  let second = false;
  const pending = pool.lease({ ...req, sid: "01-b" }).then((l) => {
    second = true;
    return l;
  });
  await Promise.resolve();
  assert.equal(second, false);
  await first.release();
  const l2 = await pending;
  assert.equal(second, true);
  await l2.release();
  await pool.shutdown();
  assert.ok(envs.every((e) => e.tornDown));
});

Deno.test("warm runner: a lease released as crashed is torn down, never kept warm", async () => {
  const { pool, envs } = setup(3);
  const req = (sid: string): LeaseRequest => ({
    scenario: scenario("a"),
    sid,
    erase: false,
    forcedErase: false,
    replaceDevice: false,
    attempt: 1,
  });
  const first = await pool.lease(req("00-a"));
  await first.release({ crashed: true });
  assert.equal(envs[0].tornDown, true, "the crashed runner is discarded");
  // Health still answers (the reason this mattered): the retry is a cold respawn all the same.
  const retry = await pool.lease(req("00-a"));
  assert.equal(envs.length, 2);
  assert.deepEqual(envs[1].starts.map((s) => s.warm), [false]);
  await retry.release();
  assert.deepEqual(pool.stats(), { coldStarts: 2, warmReuses: 0, healthMisses: 0 });
  await pool.shutdown();
});

Deno.test("warm runner: a health probe that never answers is bounded by the pool: a cache miss", async () => {
  const deadline = manualDeadline();
  const { pool, envs, leaseAndRelease } = setup(3, true, {
    probeDeadline: deadline.factory,
    healthTimeoutS: 10,
  });
  await leaseAndRelease("a");
  envs[0].probeHangs = true;
  const leasing = pool.lease({
    scenario: scenario("b"),
    sid: "01-b",
    erase: false,
    forcedErase: false,
    replaceDevice: false,
    attempt: 1,
  });
  // The probe hangs; the pool's deadline (here fired by hand) ends the wait.
  while (deadline.made.length === 0) await new Promise((r) => setTimeout(r, 0));
  deadline.fire();
  const l = await leasing;
  assert.equal(envs.length, 2, "a cold respawn replaced the wedged runner");
  assert.equal(envs[0].tornDown, true);
  assert.equal(pool.stats().healthMisses, 1);
  await l.release();
  await pool.shutdown();
});
