/**
 * How often a step reads the screen: an assertion step after an action reads once (and reuses
 * that read for its post tree), an `expect` block of several assertions reads once, and a
 * tap's post-step read goes out alongside its after-shot instead of after it.
 */
import assert from "node:assert/strict";
import type { Driver, Element } from "../../src/drivers/driver.ts";
import type { FakeDriver } from "../../src/drivers/fake/fake_driver.ts";
import type { Artifact } from "../../src/evidence/sink.ts";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import type { Assertion, Step } from "../../src/scenario/types.ts";
import { fake, scenario, tapStep } from "./helpers.ts";
import { RecordingSink } from "./recording_sink.ts";

/** Counts `query()` calls on the fake driver (and notes them in `log`). */
function countReads(driver: FakeDriver, log: string[] = []): { reads: () => number } {
  let reads = 0;
  const query = driver.query.bind(driver);
  driver.query = () => {
    reads++;
    log.push("query");
    return query();
  };
  return { reads: () => reads };
}

const exists = (id: string): Assertion => ({ kind: "exists", sel: { id }, negate: false });
const absent = (id: string): Assertion => ({ kind: "exists", sel: { id }, negate: true });
const assertStep = (...body: Assertion[]): Step => ({ action: "assert", body }) as Step;

Deno.test("an assert step after an action reads the screen once, for every assertion in it", async () => {
  const { clock, driver } = fake();
  const counter = countReads(driver);
  const sink = new RecordingSink();
  // Warm-up: the tap's own reads (its resolution happens inside the fake driver, not query()).
  await runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock, sink });
  const tapOnly = counter.reads();
  const r = await runScenario(
    driver,
    scenario({ steps: [tapStep("ok"), assertStep(exists("home"), exists("ok"), absent("gone"))] }),
    { clock, sink },
  );
  assert.ok(r.ok, r.failure ?? "");
  assert.equal(counter.reads() - tapOnly * 2, 1, "the three assertions share one read");
  // …and the step's evidence tree is that read, not a second one.
  const capture = sink.of("capture").at(-1)!;
  assert.ok(capture.elements !== null && capture.elements!.length > 0);
});

Deno.test("an expect block of several assertions costs one read", async () => {
  const { clock, driver } = fake();
  const counter = countReads(driver);
  const r = await runScenario(
    driver,
    scenario({ expect: [exists("home"), exists("ok"), absent("gone"), exists("home")] }),
    { clock },
  );
  assert.ok(r.ok, r.failure ?? "");
  assert.equal(counter.reads(), 1);
  assert.equal(r.expectResults.length, 4);
});

/** A sink whose after-shot takes a turn of the event loop, noting when it starts and ends. */
class SlowShotSink extends RecordingSink {
  override async afterShot(d: Driver, stepDir: string): Promise<Artifact[]> {
    this.log.push("shot start");
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.log.push("shot end");
    return await super.afterShot(d, stepDir);
  }
}

Deno.test("a tap's post-step read goes out alongside its after-shot, the shot first", async () => {
  const { clock, driver } = fake();
  const log: string[] = [];
  countReads(driver, log);
  const sink = new SlowShotSink(log);
  const r = await runScenario(driver, scenario({ steps: [tapStep("ok")] }), { clock, sink });
  assert.ok(r.ok, r.failure ?? "");
  const around = log.filter((l) => l === "query" || l.startsWith("shot "));
  assert.deepEqual(around, ["shot start", "query", "shot end"]);
  // The post tree handed to the capture is that read.
  const elements = sink.of("capture")[0].elements as Element[];
  assert.ok(elements.some((e) => e.identifier === "ok"));
});
