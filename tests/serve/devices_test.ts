/**
 * serve's device routes against real fakes: `GET /api/simulators` lists what a target's backend
 * can lease (the fake adb's devices, the fake Mac's simulators, the browser engines, nothing for
 * a fake target), `POST /api/doctor` returns doctor's checks as JSON, and a picked device reaches
 * the run as `--udid`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FakeFarm } from "../support/fake_adb/harness.ts";
import { FakeIos } from "../support/fake_ios/mod.ts";
import { DEFAULT_UDIDS } from "../support/fake_ios/state.ts";
import { call, FakeControl, startTestServe, type TestServe } from "./helpers.ts";

const CONFIG = `targets:
  droid:
    package: com.example.counter
    scenarios: scenarios
  shop:
    bundleId: com.example.shop
    device: iPhone 16
  site:
    baseUrl: http://127.0.0.1:9/
    browser: firefox
  fake:
    platform: fake
    app: app.yaml
`;

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function withDevices(
  fn: (s: TestServe, farm: FakeFarm, mac: FakeIos, control: FakeControl) => Promise<void>,
): Promise<void> {
  await using farm = await FakeFarm.create();
  const mac = await FakeIos.create();
  const config = join(farm.home, "bajutsu.config.yaml");
  await Deno.writeTextFile(config, CONFIG);
  await Deno.mkdir(join(farm.home, "scenarios"));
  await Deno.writeTextFile(join(farm.home, "scenarios", "smoke.yaml"), "name: smoke\nsteps: []\n");
  const farmEnv = farm.env();
  const control = new FakeControl();
  const s = await startTestServe({
    configPath: config,
    control,
    bajutsu: ["bajutsu"],
    wait: () => Promise.resolve(),
    env: { ...farmEnv, ...mac.env, PATH: `${join(mac.dir, "bin")}:${farmEnv.PATH}` },
  });
  try {
    await fn(s, farm, mac, control);
  } finally {
    for (const p of control.procs) p.exit(1);
    await s.stop();
    await mac.dispose();
  }
}

Deno.test("GET /api/simulators: adb's devices with their states, simctl's simulators, browser engines, none for fake", async () => {
  await withDevices(async ({ url }, farm, mac) => {
    farm.addDevice("emulator-5554");
    farm.addDevice("R58M123", { state: "unauthorized" });
    const droid = await call(`${url}/api/simulators?target=droid`);
    assert.equal(droid.status, 200, JSON.stringify(droid.body));
    assert.deepEqual(droid.body, {
      target: "droid",
      platform: "android",
      actuator: "adb",
      field: "udid",
      devices: [
        {
          id: "emulator-5554",
          name: "sdk gphone64 x86 64",
          state: "device",
          usable: true,
          detail: "sdk_gphone64_x86_64",
        },
        {
          id: "R58M123",
          name: "sdk gphone64 x86 64",
          state: "unauthorized",
          usable: false,
          detail: 'device R58M123 is unauthorized: unlock it and accept the "Allow USB ' +
            'debugging?" dialog, then run again',
        },
      ],
    });
    await mac.update((st) => {
      st.devices[1].state = "Booted";
    });
    const shop = await call(`${url}/api/simulators?target=shop`);
    assert.equal(shop.status, 200, JSON.stringify(shop.body));
    assert.equal(shop.body.actuator, "xcuitest");
    assert.equal(shop.body.field, "udid");
    assert.deepEqual(shop.body.devices, [
      {
        id: DEFAULT_UDIDS.iphone15,
        name: "iPhone 15",
        state: "Booted",
        usable: true,
        detail: "iOS 18.4",
      },
      {
        id: DEFAULT_UDIDS.iphone16,
        name: "iPhone 16",
        state: "Shutdown",
        usable: true,
        detail: "iOS 18.4",
      },
    ]);
    const site = await call(`${url}/api/simulators?target=site`);
    assert.equal(site.body.field, "browser");
    assert.deepEqual(
      (site.body.devices as { id: string }[]).map((d) => d.id),
      ["firefox", "chromium", "webkit"],
      "the target's own engine first",
    );
    const fake = await call(`${url}/api/simulators?target=fake`);
    assert.deepEqual(fake.body, {
      target: "fake",
      platform: "fake",
      actuator: "fake",
      field: null,
      devices: [],
    });
  });
});

Deno.test("GET /api/simulators: no adb, no devices, a missing or unknown target", async () => {
  await withDevices(async ({ url }) => {
    const empty = await call(`${url}/api/simulators?target=droid`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.devices, []);
    assert.match(empty.body.problem as string, /no device or emulator is attached/);
    const missing = await call(`${url}/api/simulators`);
    assert.equal(missing.status, 400);
    assert.match(missing.body.error as string, /^target: required/);
    const unknown = await call(`${url}/api/simulators?target=nope`);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error as string, /^target: .*nope/);
  });
  // A machine without adb: the list is empty and says why.
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-serve-noadb-" });
  await Deno.writeTextFile(join(dir, "bajutsu.config.yaml"), CONFIG);
  const s = await startTestServe({
    configPath: join(dir, "bajutsu.config.yaml"),
    env: { PATH: "/nonexistent", ANDROID_HOME: "", ANDROID_SDK_ROOT: "" },
  });
  try {
    const r = await call(`${s.url}/api/simulators?target=droid`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.devices, []);
    assert.match(r.body.problem as string, /^adb is not on PATH/);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("POST /api/doctor: the target's checks as JSON; an unauthorized device fails it; bad bodies are 400", async () => {
  await withDevices(async ({ url }, farm) => {
    farm.addDevice("emulator-5554");
    const ok = await call(`${url}/api/doctor`, post({ target: "droid" }));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.ok, true);
    assert.equal(ok.body.failed, 0);
    const sections = ok.body.sections as {
      actuator: string;
      target: string;
      checks: { name: string; status: string; detail: string; fix?: string }[];
    }[];
    assert.deepEqual(sections.map((s) => [s.actuator, s.target]), [["adb", "droid"]]);
    const checks = sections[0].checks;
    assert.deepEqual(checks.find((c) => c.name === "devices"), {
      name: "devices",
      status: "ok",
      detail: "1 usable: emulator-5554",
    });
    assert.match(checks.find((c) => c.name === "adb")!.detail, /^Android Debug Bridge 1\.0\.41/);
    farm.setDeviceState("emulator-5554", "unauthorized");
    const bad = await call(`${url}/api/doctor`, post({ target: "droid" }));
    assert.equal(bad.body.ok, false);
    assert.equal(bad.body.failed, 1);
    const all = await call(`${url}/api/doctor`, post({}));
    assert.deepEqual(
      (all.body.sections as { actuator: string }[]).map((s) => s.actuator),
      ["adb", "xcuitest", "playwright"],
      "every target of the config (the fake target has no checks)",
    );
    for (
      const [body, message] of [
        [{ target: 3 }, /^target: expected a target name/],
        [{ target: "nope" }, /^target: .*nope/],
        [{ verbose: true }, /^verbose: unknown field/],
        [[], /^body: expected a JSON object/],
      ] as [unknown, RegExp][]
    ) {
      const r = await call(`${url}/api/doctor`, post(body));
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.body.error as string, message);
    }
  });
});

Deno.test("POST /api/run: a picked Android serial (wireless ones have a colon) reaches the run as --udid", async () => {
  await withDevices(async ({ url }, _farm, _mac, control) => {
    const r = await call(
      `${url}/api/run`,
      post({ target: "droid", scenario: "smoke.yaml", udid: "192.168.1.20:5555" }),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const argv = control.procs[0].req.argv;
    assert.deepEqual(argv.slice(argv.indexOf("--udid"), argv.indexOf("--udid") + 2), [
      "--udid",
      "192.168.1.20:5555",
    ]);
  });
});
