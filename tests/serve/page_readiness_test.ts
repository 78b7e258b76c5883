/**
 * The page's Readiness panel in the fake browser: Check sends the picked target to
 * `POST /api/doctor`, the checks are listed per backend with their fix, the summary says ready or
 * not, and a check answered after the target changed is never drawn.
 */
import assert from "node:assert/strict";
import { type FakeElement, type FakePage, openFakePage, until } from "./fake_page.ts";

const TARGETS = {
  config: "bajutsu.config.yaml",
  targets: [{ name: "droid", platform: "android" }, { name: "site", platform: "web" }],
};

const FILES = (target: string) => ({ target, files: [] });

const NOT_READY = {
  version: "dev",
  ok: false,
  failed: 1,
  warnings: 1,
  sections: [{
    actuator: "adb",
    target: "droid",
    checks: [
      { name: "adb", status: "ok", detail: "Android Debug Bridge version 1.0.41" },
      {
        name: "devices",
        status: "fail",
        detail: "no usable device",
        fix: "emulator -avd Pixel_8",
      },
      { name: "SDK folder", status: "warn", detail: "ANDROID_HOME is not set" },
    ],
  }],
};

async function bootPage(page: FakePage): Promise<void> {
  const { server } = page;
  await page.import("main.js");
  (await server.next("/api/info")).answer({ auth: false });
  (await server.next("/api/targets")).answer(TARGETS);
  (await server.next("/api/scenarios?target=droid")).answer(FILES("droid"));
  (await server.next("/api/simulators?target=droid")).answer({ devices: [], field: null });
  (await server.next("/api/runs")).answer({ runs: [] });
  (await server.next("/api/jobs")).answer({ jobs: [] });
}

function checkRows(body: FakeElement): [string | null, string][] {
  return body.descendants()
    .filter((e) => e.tagName === "li")
    .map((li) => [li.getAttribute("data-status"), li.textContent]);
}

Deno.test("the readiness panel: the picked target's checks per backend, with the fix of a failed one", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    document.getElementById("readiness-check").dispatch("click");
    const call = await server.next("/api/doctor", "POST");
    assert.deepEqual(call.body, { target: "droid" });
    assert.equal(document.getElementById("readiness-check").disabled, true, "one check at a time");
    call.answer(NOT_READY);
    const summary = document.getElementById("readiness-summary");
    await until(() => summary.textContent.startsWith("not ready"), "the summary drawn");
    assert.equal(summary.textContent, "not ready: 1 failed, 1 warning");
    assert.equal(summary.className, "status failed");
    const body = document.getElementById("readiness-body");
    assert.equal((body.children[0] as FakeElement).textContent, "adb (droid)");
    assert.deepEqual(checkRows(body), [
      ["ok", "✓adb ok: Android Debug Bridge version 1.0.41"],
      ["fail", "✗devices fail: no usable deviceemulator -avd Pixel_8"],
      ["warn", "!SDK folder warn: ANDROID_HOME is not set"],
    ]);
    assert.equal(document.getElementById("readiness-check").disabled, false);
  } finally {
    await page.close();
  }
});

Deno.test("the readiness panel: a check of the previous target that answers late is dropped", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    document.getElementById("readiness-check").dispatch("click");
    const late = await server.next("/api/doctor", "POST");
    const target = document.getElementById("target");
    target.value = "site";
    target.dispatch("change");
    (await server.next("/api/scenarios?target=site")).answer(FILES("site"));
    (await server.next("/api/simulators?target=site")).answer({ devices: [], field: null });
    late.answer(NOT_READY);
    for (let turn = 0; turn < 20; turn++) await new Promise((r) => setTimeout(r, 0));
    assert.equal(document.getElementById("readiness-body").children.length, 0);
    assert.equal(document.getElementById("readiness-summary").hidden, true);
    assert.equal(document.getElementById("readiness-check").disabled, false);
    document.getElementById("readiness-check").dispatch("click");
    const call = await server.next("/api/doctor", "POST");
    assert.deepEqual(call.body, { target: "site" });
    call.answer({ version: "dev", ok: true, failed: 0, warnings: 0, sections: [] });
    await until(
      () => document.getElementById("readiness-summary").textContent.startsWith("ready"),
      "the new summary",
    );
    assert.equal(
      document.getElementById("readiness-summary").textContent,
      "ready: 0 failed, 0 warnings",
    );
  } finally {
    await page.close();
  }
});
