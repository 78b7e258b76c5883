/** serve's picker for a web target: every engine, the target's own first, missing ones with the install command. */
import assert from "node:assert/strict";
import { webDeviceList } from "../../../src/drivers/web/device_list.ts";
import type { BrowserProbe } from "../../../src/drivers/web/browsers.ts";
import { webEffective } from "./fixture.ts";

Deno.test("web device list: engines in the target's order; an installed one is usable, a missing one says how to install it", async () => {
  const probe: BrowserProbe = {
    platform: "linux",
    exists: (p) => p === "/usr/bin/chromium",
    env: () => undefined,
    home: "/home/ci",
    list: () => [],
  };
  const list = await webDeviceList({
    eff: webEffective({ browser: "webkit" }),
    env: () => undefined,
  }, probe);
  assert.equal(list.field, "browser");
  assert.deepEqual(list.devices.map((d) => [d.id, d.state, d.usable]), [
    ["webkit", "missing", false],
    ["chromium", "installed", true],
    ["firefox", "missing", false],
  ]);
  assert.equal(list.devices[1].detail, "/usr/bin/chromium");
  assert.match(list.devices[0].detail, /playwright.*install.*webkit/i);
});
