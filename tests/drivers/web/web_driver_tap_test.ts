/**
 * The web side of the tap family: what the browser's hit test adds to the tap contract — a
 * child node of the target still reaches it, covers are named by label or as anonymous when
 * they have no id, a centre outside the viewport is not reachable (the recovery scroll brings it
 * in, or the step fails) — and the record in CSS pixels.
 * The tap contract shared with every backend (resolution, covers, ambiguity, the gestures,
 * actuation records) is `tests/drivers/contract.ts`, run on Chromium by `contract_test.ts`.
 */
import assert from "node:assert/strict";
import { ElementNotTappable } from "../../../src/drivers/driver.ts";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const COUNTER = `<body style="margin:0">
<button data-testid="inc" style="position:absolute;left:0;top:0;width:100px;height:40px"
  onclick="window.taps=(window.taps||0)+1"><span>Add</span></button>
<button data-testid="below" style="position:absolute;left:0;top:3000px">Far below</button>
</body>`;

/** An 844-px page whose button sits at y=1208, below the fold of a 600-px viewport. */
const BELOW_FOLD = `<body style="margin:0"><div style="height:1208px">intro</div>
<button data-testid="buy" style="height:40px" onclick="window.bought=(window.bought||0)+1">Buy</button>
<div style="height:2000px"></div></body>`;

const COVERED = `<body style="margin:0">
<button data-testid="under2" style="position:absolute;left:10px;top:300px;width:100px;height:40px">Under too</button>
<button data-testid="under3" style="position:absolute;left:10px;top:400px;width:100px;height:40px">Under three</button>
<div role="dialog" style="position:fixed;left:0;top:280px;width:300px;height:80px;background:#eee"><p>Cookie banner</p></div>
<div style="position:fixed;left:0;top:380px;width:300px;height:80px;background:#ddd"></div>
</body>`;

Deno.test("tap family on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step(
      "a tap on a child node reaches its target; the record is in CSS pixels",
      async () => {
        await withPage(lab, COUNTER, async ({ driver, page }) => {
          await driver.tap({ id: "inc" });
          assert.equal(await read(page, "window.taps"), 1);
          assert.deepEqual(driver.drainActuations().actuations, [{
            gesture: "tap",
            via: "coordinate",
            unit: "cssPixel",
            points: [[50, 20]],
            frame: [0, 0, 100, 40],
            target: "inc",
            accepted: true,
            durationS: null,
            scale: null,
            radians: null,
            substitution: null,
          }]);
        });
      },
    );

    await t.step("a cover without an id is named by its label, or as anonymous", async () => {
      await withPage(lab, COVERED, async ({ driver }) => {
        await assert.rejects(
          driver.tap({ id: "under2" }),
          (e: Error) =>
            e instanceof ElementNotTappable &&
            e.message === 'not tappable: covered by label="Cookie banner"@[0,280,300,80]',
        );
        await assert.rejects(
          driver.tap({ id: "under3" }),
          (e: Error) => e.message === "not tappable: covered by anonymous@[0,380,300,80]",
        );
        assert.equal(driver.drainActuations().actuations.length, 0);
      });
    });

    await t.step("a centre outside the viewport is not tappable: no tap is sent", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        assert.equal(await driver.isTappable({ id: "below" }), false);
        await assert.rejects(
          driver.tap({ id: "below" }),
          (e: Error) =>
            e instanceof ElementNotTappable &&
            /^not tappable: off-screen id=below@\[0,3000,[\d.]+,[\d.]+\] \(viewport 800×600\)$/
              .test(e.message),
        );
        assert.equal(await read(page, "scrollY"), 0);
        assert.deepEqual(driver.drainActuations().actuations, []);
      });
    });

    await t.step("a tap step below the fold scrolls it in with the bounded recovery", async () => {
      await withPage(lab, BELOW_FOLD, async ({ driver, page }) => {
        const result = await runScenario(
          driver,
          scenario({ steps: [{ action: "tap", body: { id: "buy" } }] }),
        );
        assert.equal(result.failure, null);
        assert.equal(await read(page, "window.bought"), 1);
        const taps = result.steps[0].actuations.filter((a) => a.gesture === "tap");
        assert.equal(taps.length, 1);
        const [, y] = taps[0].points[0];
        assert.ok(y >= 0 && y < 600, `tap at y=${y} inside the 600-px viewport`);
      });
    });

    await t.step(
      "too far below for the bounded recovery: the step fails, never a no-op",
      async () => {
        await withPage(lab, COUNTER, async ({ driver, page }) => {
          const result = await runScenario(
            driver,
            scenario({ steps: [{ action: "tap", body: { id: "below" } }] }),
          );
          assert.match(
            result.failure ?? "",
            /^step 0 \(tap\): not tappable: still not tappable after a bounded scroll attempt: off-screen id=below@/,
          );
          assert.equal(await read(page, "window.taps"), undefined);
        });
      },
    );
  });
});
