/**
 * The web side of the tap family: what the browser's hit test adds to the tap contract — a
 * child node of the target still reaches it, covers are named by label or as anonymous when
 * they have no id, a centre outside the viewport counts as a hit — and the record in CSS pixels.
 * The tap contract shared with every backend (resolution, covers, ambiguity, the gestures,
 * actuation records) is `tests/drivers/contract.ts`, run on Chromium by `contract_test.ts`.
 */
import assert from "node:assert/strict";
import { ElementNotTappable } from "../../../src/drivers/driver.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const COUNTER = `<body style="margin:0">
<button data-testid="inc" style="position:absolute;left:0;top:0;width:100px;height:40px"
  onclick="window.taps=(window.taps||0)+1"><span>Add</span></button>
<button data-testid="below" style="position:absolute;left:0;top:3000px">Far below</button>
</body>`;

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

    await t.step("a centre outside the viewport counts as a hit (no implicit scroll)", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        assert.equal(await driver.isTappable({ id: "below" }), true);
        await driver.tap({ id: "below" });
        assert.equal(await read(page, "scrollY"), 0);
        assert.equal(driver.drainActuations().actuations[0].accepted, true);
      });
    });
  });
});
