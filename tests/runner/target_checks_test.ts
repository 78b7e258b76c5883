import assert from "node:assert/strict";
import { targetProblems } from "../../src/runner/target_checks.ts";
import { sameOriginUrl } from "../../src/config/same_origin.ts";
import type { Effective } from "../../src/config/effective.ts";
import { scenario } from "../orchestrator/helpers.ts";

const web = { target: "w", app: { platform: "web", baseUrl: "http://h:8/app/" } } as Effective;
const ios = { target: "i", app: { platform: "ios", bundleId: "com.x" } } as Effective;

Deno.test("sameOriginUrl resolves against baseUrl and refuses another origin", () => {
  assert.deepEqual(sameOriginUrl("http://h:8/app/", "#/settings"), {
    url: "http://h:8/app/#/settings",
  });
  assert.deepEqual(sameOriginUrl("http://h:8/app/", "/root"), { url: "http://h:8/root" });
  assert.deepEqual(sameOriginUrl("http://h:8/app/", "http://h:8/x"), { url: "http://h:8/x" });
  assert.deepEqual(sameOriginUrl("http://h:8/app/", "http://h:9/x"), {
    error: "http://h:9/x is not on the target's origin http://h:8",
  });
});

Deno.test("web: off-origin navigation is an error, launch keys are warnings", () => {
  const s = scenario({
    preconditions: {
      reinstall: "clean",
      launchArgs: ["-x"],
      launchEnv: {},
      url: "https://other/",
      deeplink: "#ok",
      locale: "fr_FR",
    },
  });
  assert.deepEqual(targetProblems(s, web), {
    errors: [{
      path: "preconditions.url",
      message: "https://other/ is not on the target's origin http://h:8",
    }],
    warnings: [
      { path: "preconditions.launchArgs", message: "has no effect on web targets" },
      { path: "preconditions.locale", message: "has no effect on web targets" },
    ],
  });
});

Deno.test("elsewhere: preconditions.url is web-only", () => {
  const s = scenario({
    preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {}, url: "/x" },
  });
  assert.deepEqual(targetProblems(s, ios).errors, [{
    path: "preconditions.url",
    message: "is web-only (target i is ios); use deeplink",
  }]);
});

Deno.test("web: a relaunch's env and args are warnings at the step, also nested", () => {
  const pos = { file: "s.yaml", line: 9, col: 7 };
  const s = scenario({
    steps: [
      { action: "relaunch", body: {} },
      {
        action: "if",
        body: {
          condition: { kind: "exists", sel: { id: "x" }, negate: false },
          then: [{ action: "relaunch", body: { env: { A: "1" }, args: ["-x"] }, pos }],
        },
      },
      { action: "relaunch", body: { env: {}, args: [] } },
    ],
  });
  const message = "has no effect on web targets (a relaunch reloads the page)";
  assert.deepEqual(targetProblems(s, web).warnings, [
    { path: "step 1 > if > then[0] > relaunch.env", message, pos },
    { path: "step 1 > if > then[0] > relaunch.args", message, pos },
  ]);
  assert.deepEqual(targetProblems(s, ios).warnings, [], "native relaunch takes env and args");
});
