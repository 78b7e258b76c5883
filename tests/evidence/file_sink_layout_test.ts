import assert from "node:assert/strict";
import { el, PNG, recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";
import { SinkStateError } from "../../src/evidence/errors.ts";

Deno.test("a leaf step writes before.png, after.png and elements.json under <sid>/<stepId>", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver({ tree: [el({ identifier: "pre" })] });
    f.sink.beginScenario("00-login");
    const pre = await f.sink.before(driver, "step0", null);
    const shot = await f.sink.afterShot(driver, "step0");
    const post = await f.sink.capture(driver, "step0", ["elements", "screenshot.after"], {
      elements: [el({ identifier: "post", frame: [1, 2, 3, 4] })],
    });
    await f.sink.flush();
    assert.deepEqual(pre, [
      { name: "00-login/step0/before.png", kind: "screenshot", provider: "driver" },
      { name: "00-login/step0/elements.json", kind: "elements", provider: "driver" },
    ]);
    assert.deepEqual(shot, [
      { name: "00-login/step0/after.png", kind: "screenshot", provider: "driver" },
    ]);
    assert.deepEqual(post, [], "elements.json is listed once per step");
    assert.deepEqual(await f.tree(), [
      "00-login",
      "00-login/step0",
      "00-login/step0/after.png",
      "00-login/step0/before.png",
      "00-login/step0/elements.json",
    ]);
    const text = await Deno.readTextFile(f.path("00-login", "step0", "elements.json"));
    assert.deepEqual(JSON.parse(text), [
      {
        identifier: "post",
        label: null,
        value: null,
        traits: ["other"],
        frame: [1, 2, 3, 4],
        nativeZ: null,
      },
    ]);
    assert.ok(text.includes('\n  {\n    "identifier": "post"'), "pretty-printed");
    assert.deepEqual(await Deno.readFile(f.path("00-login", "step0", "after.png")), PNG);
  } finally {
    await f.cleanup();
  }
});

Deno.test("directories are 0700 and files 0600", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "before/step0", [el({})]);
    await f.sink.afterShot(driver, "before/step0");
    await f.sink.flush();
    for (const dir of ["", "00-a", "00-a/before", "00-a/before/step0"]) {
      assert.equal(await f.mode(dir), 0o700, dir || "run dir");
    }
    for (const file of ["before.png", "after.png", "elements.json"]) {
      assert.equal(await f.mode(`00-a/before/step0/${file}`), 0o600, file);
    }
  } finally {
    await f.cleanup();
  }
});

Deno.test("hook phases nest under <sid>/before/<stepId> and <sid>/after/<stepId>", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("03-checkout");
    const a = await f.sink.before(driver, "before/step0", []);
    const b = await f.sink.before(driver, "step0", []);
    const c = await f.sink.afterShot(driver, "after/cleanup");
    assert.deepEqual(
      [...a, ...b, ...c].map((x) => x.name),
      [
        "03-checkout/before/step0/before.png",
        "03-checkout/before/step0/elements.json",
        "03-checkout/step0/before.png",
        "03-checkout/step0/elements.json",
        "03-checkout/after/cleanup/after.png",
      ],
    );
  } finally {
    await f.cleanup();
  }
});

Deno.test("before() with no tree reads one from the driver", async () => {
  const f = await sinkFixture();
  try {
    const { driver, calls } = recordingDriver({ tree: [el({ identifier: "fresh" })] });
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "step0", null);
    assert.deepEqual(calls, ["screenshot", "query"]);
    await f.sink.flush();
    const tree = JSON.parse(await Deno.readTextFile(f.path("00-a", "step0", "elements.json")));
    assert.equal(tree[0].identifier, "fresh");
    calls.length = 0;
    await f.sink.before(driver, "step1", [el({})]);
    assert.deepEqual(calls, ["screenshot"], "a handed-over tree is not re-read");
  } finally {
    await f.cleanup();
  }
});

Deno.test("a step dir entered again lists its files again", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    await f.sink.before(driver, "item", []);
    const again = await f.sink.before(driver, "item", []);
    assert.equal(again.length, 2);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a step name cannot climb out of the scenario dir", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    f.sink.beginScenario("00-a");
    const out = await f.sink.afterShot(driver, "../../escape");
    assert.deepEqual(out.map((a) => a.name), ["00-a/__/__/escape/after.png"]);
  } finally {
    await f.cleanup();
  }
});

Deno.test("using the sink before beginScenario is a typed error", async () => {
  const f = await sinkFixture();
  try {
    const { driver } = recordingDriver();
    await assert.rejects(f.sink.afterShot(driver, "step0"), (e: unknown) => {
      assert.ok(e instanceof SinkStateError);
      assert.equal(e.code, "E_SINK_STATE");
      return true;
    });
  } finally {
    await f.cleanup();
  }
});
