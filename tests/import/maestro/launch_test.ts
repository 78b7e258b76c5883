import assert from "node:assert/strict";
import { flow, report, steps, translate } from "./helper.ts";

Deno.test("the first launchApp becomes the launch preconditions: clearState erases, arguments", () => {
  const s = translate(flow(
    "- launchApp:\n    clearState: true\n    arguments:\n      onboarding: false\n- tapOn: Go\n",
  ));
  assert.deepEqual(s.preconditions, { erase: true, launchArgs: ["-onboarding", "false"] });
  assert.deepEqual(steps(s), [{ tap: { label: "Go" } }]);
  assert.deepEqual(s.findings, []);
});

Deno.test("a later launchApp relaunches; stopApp or killApp right before it is absorbed", () => {
  const s = translate(flow(
    "- launchApp\n- tapOn: Go\n- stopApp\n- launchApp:\n    arguments: {debug: 1}\n- killApp\n- launchApp\n",
  ));
  assert.deepEqual(steps(s), [
    { tap: { label: "Go" } },
    { relaunch: { args: ["-debug", "1"] } },
    { relaunch: {} },
  ]);
  assert.deepEqual(s.findings, []);
});

Deno.test("clearState in the middle of a flow, another app, or permissions are reported", () => {
  const s = translate(flow(
    "- tapOn: Go\n- launchApp:\n    clearState: true\n- launchApp: com.other.app\n" +
      "- stopApp\n- tapOn: Stay\n- launchApp:\n    permissions: {camera: deny}\n",
  ));
  assert.deepEqual(report(s).map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "main.yaml:4: W_MAESTRO_LAUNCH launchApp:",
    "main.yaml:6: W_MAESTRO_LAUNCH launchApp:",
    "main.yaml:7: W_MAESTRO_NO_EQUIVALENT stopApp:",
    "main.yaml:9: W_MAESTRO_OPTION launchApp.permissions:",
  ]);
  assert.match(report(s)[1], /launches another app \(com\.other\.app\)/);
  // The permissions are left out; the launch itself still relaunches.
  assert.deepEqual(steps(s).at(-1), { relaunch: {} });
});

Deno.test("clearState and clearKeychain before any step erase; openLink first is the deeplink", () => {
  const s = translate(
    flow(
      "- clearKeychain\n- clearState\n- launchApp\n- openLink: shop://cart\n- back\n- openLink: shop://x\n",
    ),
  );
  assert.deepEqual(s.preconditions, { erase: true, deeplink: "shop://cart" });
  assert.deepEqual(report(s).map((l) => l.split(": ")[1]), ["W_MAESTRO_NO_EQUIVALENT openLink"]);
});
