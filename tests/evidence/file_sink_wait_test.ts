import assert from "node:assert/strict";
import { el } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";
import { REDACTED } from "../../src/evidence/redact.ts";
import type { WaitTrace } from "../../src/evidence/sink.ts";

const trace: WaitTrace = {
  target: 'id="home.title"',
  timeoutSeconds: 5,
  polls: 12,
  firstNonemptySeconds: 0.4,
  elementsAtTimeout: 2,
  readiness: { ready: true, signal: "idle", elapsedSeconds: 0.3, settled: true },
};

Deno.test("waitDiagnostic writes wait-timeout.json in the documented shape", async () => {
  const f = await sinkFixture({
    provenance: (sid) => ({ scenarioHash: `h-${sid}`, toolVersion: "0.1.0", gitRevision: null }),
  });
  try {
    f.sink.beginScenario("00-a");
    const a = await f.sink.waitDiagnostic("step2", trace, [
      el({ identifier: "pin.field", value: "1234" }),
    ]);
    assert.deepEqual(a, {
      name: "00-a/step2/wait-timeout.json",
      kind: "waitDiagnostic",
      provider: "driver",
    });
    const body = JSON.parse(await Deno.readTextFile(f.path("00-a", "step2", "wait-timeout.json")));
    assert.deepEqual(Object.keys(body), [
      "target",
      "timeoutSeconds",
      "readiness",
      "trace",
      "provenance",
      "elements",
    ]);
    assert.equal(body.target, 'id="home.title"');
    assert.equal(body.timeoutSeconds, 5);
    assert.deepEqual(body.readiness, trace.readiness);
    assert.deepEqual(body.trace, {
      polls: 12,
      firstNonemptySeconds: 0.4,
      elementsAtTimeout: 2,
      awaitedEverQueryable: false,
    });
    assert.deepEqual(body.provenance, {
      scenarioHash: "h-00-a",
      toolVersion: "0.1.0",
      gitRevision: null,
    });
    assert.equal(body.elements[0].value, REDACTED, "elements are redacted with the element rules");
    assert.equal(await f.mode("00-a/step2/wait-timeout.json"), 0o600);
  } finally {
    await f.cleanup();
  }
});

Deno.test("without a provenance source the diagnostic records provenance: null", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    await f.sink.waitDiagnostic("step0", { ...trace, readiness: null }, []);
    const body = JSON.parse(await Deno.readTextFile(f.path("00-a", "step0", "wait-timeout.json")));
    assert.equal(body.provenance, null);
    assert.equal(body.readiness, null);
  } finally {
    await f.cleanup();
  }
});

Deno.test("a failed diagnostic write is logged and returns null", async () => {
  const f = await sinkFixture();
  try {
    f.sink.beginScenario("00-a");
    // A directory where the file should go makes the write fail.
    await Deno.mkdir(f.path("00-a", "step0", "wait-timeout.json", "x"), { recursive: true });
    assert.equal(await f.sink.waitDiagnostic("step0", trace, []), null);
    assert.equal(f.logs.length, 1);
  } finally {
    await f.cleanup();
  }
});
