import assert from "node:assert/strict";
import { join } from "node:path";
import { parseFakeApp } from "../../../src/drivers/fake/mod.ts";
import { nextLaunchScreen } from "../../../src/drivers/fake/launch_cycle.ts";
import { formatLoadError } from "../../../src/yaml/load_error.ts";

const APP = `initial: ready
screens:
  ready: [ { id: go, frame: [0, 0, 10, 10] } ]
  broken: [ { id: oops, frame: [0, 0, 10, 10] } ]
`;

Deno.test("launchCycle: each scenario's launches cycle through the screens, counted in the state file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-cycle-" });
  try {
    const { app, errors } = parseFakeApp(
      APP + "launchCycle: { counter: launches.json, initial: [ready, broken] }\n",
      join(dir, "app.yaml"),
    );
    assert.deepEqual(errors, []);
    const cycle = app!.launchCycle!;
    assert.equal(cycle.counterFile, join(dir, "launches.json"));
    const seen = ["a", "a", "b", "a", "b"].map((s) => nextLaunchScreen(cycle, s));
    assert.deepEqual(seen, ["ready", "broken", "ready", "ready", "broken"]);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(cycle.counterFile)), { a: 3, b: 2 });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("launchCycle: an unknown screen, an empty list and a missing counter are load errors", () => {
  const errorsOf = (cycle: string) =>
    parseFakeApp(APP + cycle, "bad.yaml").errors.map(formatLoadError);
  assert.deepEqual(errorsOf("launchCycle: { counter: c.json, initial: [ready, gone] }\n"), [
    'bad.yaml:5:50: E_CONFIG launchCycle.initial[1]: no screen named "gone" (have: ready, broken)',
  ]);
  assert.deepEqual(errorsOf("launchCycle: { counter: c.json, initial: [] }\n"), [
    "bad.yaml:5:42: E_CONFIG launchCycle.initial: list at least one screen",
  ]);
  assert.equal(errorsOf("launchCycle: { initial: [ready] }\n").length, 1);
});
