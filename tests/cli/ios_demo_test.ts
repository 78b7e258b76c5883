/**
 * demos/ios on the fake Mac: the Settings suite against the fake Settings app, and the SwiftUI
 * demo's suite against a model of the app (same identifiers and screens), both through
 * `bajutsu run` with the demo's own config values.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { iosProject, runIos } from "./ios_fixture.ts";

const DEMO = join(dirname(fileURLToPath(import.meta.url)), "../../demos/ios");
const MODEL = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/ios_demo");

interface DemoConfig {
  defaults: Record<string, unknown>;
  targets: Record<string, Record<string, unknown>>;
}

async function demoTarget(name: string): Promise<Record<string, unknown>> {
  const config = parse(await Deno.readTextFile(join(DEMO, "bajutsu.config.yaml"))) as DemoConfig;
  const t = config.targets[name];
  return { ...t, scenarios: join(DEMO, String(t.scenarios)) };
}

Deno.test("demos/ios: the Settings suite passes against the Simulator's Settings app", async () => {
  const target = await demoTarget("settings");
  const p = await iosProject({ ...target, appPath: undefined });
  try {
    const r = await runIos(p);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.deepEqual(r.manifest!.scenarios.map((s) => s.ok), [true, true]);
    assert.ok(!p.mac.state().calls.some((c) => c[0] === "install"), "Settings is built in");
  } finally {
    await p.dispose();
  }
});

Deno.test("demos/ios: the SwiftUI demo's suite passes against a model of the app", async () => {
  const target = await demoTarget("demo");
  const p = await iosProject();
  try {
    const appPath = await p.mac.app(
      String(target.bundleId),
      await Deno.readTextFile(join(MODEL, "bajutsu-fake-app.yaml")),
      "BajutsuDemo",
    );
    const q = await iosProject({ ...target, appPath }, p.mac);
    const r = await runIos(q);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.deepEqual(r.manifest!.scenarios.map((s) => s.ok), [true, true, true]);
  } finally {
    await p.dispose();
  }
});
