/**
 * The page's device picker in the fake browser: it lists what `GET /api/simulators` answers for
 * the picked target (unusable devices disabled, with what to do), the choice goes into the run
 * as the field the answer names (`udid`, `browser`), "default" sends nothing, and a device
 * listing of a target no longer picked is never drawn.
 */
import assert from "node:assert/strict";
import { type FakeDocument, type FakePage, openFakePage, until } from "./fake_page.ts";

const TARGETS = {
  config: "bajutsu.config.yaml",
  targets: [{ name: "droid", platform: "android" }, { name: "site", platform: "web" }],
};

const FILES = (target: string) => ({
  target,
  files: [{
    path: "smoke.yaml",
    scenarios: [{ name: "smoke", tags: [], description: null }],
    tags: [],
    errors: [],
    warnings: [],
  }],
});

const ANDROID = {
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
      name: "R58M123",
      state: "unauthorized",
      usable: false,
      detail: "device R58M123 is unauthorized: unlock it and accept the dialog",
    },
  ],
};

const WEB = {
  target: "site",
  platform: "web",
  actuator: "playwright",
  field: "browser",
  devices: [
    { id: "chromium", name: "chromium", state: "installed", usable: true, detail: "/usr/bin/x" },
    { id: "firefox", name: "firefox", state: "installed", usable: true, detail: "/usr/bin/y" },
  ],
};

function deviceOptions(document: FakeDocument): [string, string, boolean][] {
  return document.getElementById("device").options().map((o) => [
    o.value,
    o.textContent,
    o.disabled,
  ]);
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((r) => setTimeout(r, 0));
}

async function bootPage(page: FakePage): Promise<void> {
  const { server } = page;
  await page.import("main.js");
  (await server.next("/api/info")).answer({ auth: false });
  (await server.next("/api/targets")).answer(TARGETS);
}

async function run(page: FakePage): Promise<unknown> {
  page.document.getElementById("run").dispatch("click");
  const call = await page.server.next("/api/run", "POST");
  call.answer({ jobId: `job-${page.server.calls.length}` });
  const button = page.document.getElementById("run");
  await until(() => !button.disabled, "the run started");
  return call.body;
}

Deno.test("the device picker: adb's devices, unusable ones disabled with advice, the pick sent as udid", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=droid")).answer(FILES("droid"));
    (await server.next("/api/simulators?target=droid")).answer(ANDROID);
    (await server.next("/api/runs")).answer({ runs: [] });
    (await server.next("/api/jobs")).answer({ jobs: [] });
    await until(() => deviceOptions(document).length === 3, "the devices drawn");
    assert.deepEqual(deviceOptions(document), [
      ["", "default", false],
      ["emulator-5554", "sdk gphone64 x86 64 — emulator-5554 (device)", false],
      ["R58M123", "R58M123 (unauthorized)", true],
    ]);
    assert.equal(document.getElementById("device-label").hidden, false);
    const note = document.getElementById("device-note");
    assert.equal(note.hidden, false);
    assert.equal(
      note.textContent,
      "R58M123: device R58M123 is unauthorized: unlock it and accept the dialog",
    );
    assert.deepEqual(await run(page), { target: "droid", scenario: ["smoke.yaml"] }, "default");
    document.getElementById("device").value = "emulator-5554";
    assert.deepEqual(await run(page), {
      target: "droid",
      scenario: ["smoke.yaml"],
      udid: "emulator-5554",
    });
  } finally {
    await page.close();
  }
});

Deno.test("the device picker: a web target's engines go as browser; a late listing of the previous target is dropped", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=droid")).answer(FILES("droid"));
    const droidDevices = await server.next("/api/simulators?target=droid");
    (await server.next("/api/runs")).answer({ runs: [] });
    (await server.next("/api/jobs")).answer({ jobs: [] });
    const target = document.getElementById("target");
    target.value = "site";
    target.dispatch("change");
    (await server.next("/api/scenarios?target=site")).answer(FILES("site"));
    (await server.next("/api/simulators?target=site")).answer(WEB);
    await until(() => deviceOptions(document).length === 3, "the engines drawn");
    droidDevices.answer(ANDROID);
    await settle();
    assert.deepEqual(deviceOptions(document).map(([v]) => v), ["", "chromium", "firefox"]);
    assert.equal(document.getElementById("device-note").hidden, true);
    document.getElementById("device").value = "firefox";
    assert.deepEqual(await run(page), {
      target: "site",
      scenario: ["smoke.yaml"],
      browser: "firefox",
    });
  } finally {
    await page.close();
  }
});

Deno.test("the device picker: hidden for a backend without devices; a problem is shown under it", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=droid")).answer(FILES("droid"));
    (await server.next("/api/simulators?target=droid")).answer({
      ...ANDROID,
      devices: [],
      problem: "adb is not on PATH nor in $ANDROID_HOME/platform-tools",
    });
    const note = document.getElementById("device-note");
    await until(() => !note.hidden, "the problem shown");
    assert.equal(note.textContent, "adb is not on PATH nor in $ANDROID_HOME/platform-tools");
    (await server.next("/api/runs")).answer({ runs: [] });
    (await server.next("/api/jobs")).answer({ jobs: [] });
    const target = document.getElementById("target");
    target.value = "site";
    target.dispatch("change");
    (await server.next("/api/scenarios?target=site")).answer(FILES("site"));
    (await server.next("/api/simulators?target=site")).answer({
      target: "site",
      platform: "fake",
      actuator: "fake",
      field: null,
      devices: [],
    });
    await until(() => document.getElementById("device-label").hidden, "the picker hidden");
    assert.equal(note.hidden, true);
    assert.deepEqual(await run(page), { target: "site", scenario: ["smoke.yaml"] });
  } finally {
    await page.close();
  }
});
