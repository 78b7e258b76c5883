/**
 * The tap family on a real page: resolution on a fresh read, the hit test at the centre (covers
 * named, off-viewport centres count as hits), the gesture reaching the page, actuation records.
 */
import assert from "node:assert/strict";
import {
  AmbiguousSelector,
  ElementNotFound,
  ElementNotTappable,
} from "../../../src/drivers/driver.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const COUNTER = `<body style="margin:0">
<button data-testid="inc" style="position:absolute;left:0;top:0;width:100px;height:40px"
  onclick="window.taps=(window.taps||0)+1"><span>Add</span></button>
<button data-testid="dbl" style="position:absolute;left:0;top:50px;width:100px;height:40px"
  ondblclick="window.dbl=(window.dbl||0)+1">Twice</button>
<button data-testid="hold" style="position:absolute;left:0;top:100px;width:100px;height:40px"
  onmousedown="window.down=performance.now()" onmouseup="window.held=performance.now()-window.down">Hold</button>
<button style="position:absolute;left:200px;top:0;width:80px;height:40px"
  onclick="window.anon=(window.anon||0)+1">Anonymous</button>
<button style="position:absolute;left:200px;top:50px" onclick="window.buy='a'">Buy</button>
<button style="position:absolute;left:300px;top:50px" onclick="window.buy='b'">Buy</button>
<button data-testid="below" style="position:absolute;left:0;top:3000px">Far below</button>
</body>`;

const COVERED = `<body style="margin:0">
<button data-testid="under" style="position:absolute;left:10px;top:10px;width:100px;height:40px"
  onclick="window.clicked=true">Under</button>
<button data-testid="under2" style="position:absolute;left:10px;top:300px;width:100px;height:40px">Under too</button>
<button data-testid="under3" style="position:absolute;left:10px;top:400px;width:100px;height:40px">Under three</button>
<div data-testid="overlay" style="position:fixed;left:0;top:0;width:200px;height:100px;background:rgba(0,0,0,.3)"></div>
<div role="dialog" style="position:fixed;left:0;top:280px;width:300px;height:80px;background:#eee"><p>Cookie banner</p></div>
<div style="position:fixed;left:0;top:380px;width:300px;height:80px;background:#ddd"></div>
</body>`;

Deno.test("tap family on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("tap clicks the element's centre (a child span still reaches it)", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        await driver.tap({ id: "inc" });
        await driver.tap({ id: "inc" });
        assert.equal(await read(page, "window.taps"), 2);
        const { actuations, dropped } = driver.drainActuations();
        assert.equal(dropped, 0);
        assert.equal(actuations.length, 2);
        assert.deepEqual(actuations[0], {
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
        });
        assert.equal(driver.drainActuations().actuations.length, 0);
      });
    });

    await t.step("an element without an id is recognised by frame and label", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        await driver.tap({ label: "Anonymous" });
        assert.equal(await read(page, "window.anon"), 1);
        // The record names the resolved identifier only, never a label.
        assert.equal(driver.drainActuations().actuations[0].target, null);
      });
    });

    await t.step("doubleTap double-clicks and longPress holds for the duration", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        await driver.doubleTap({ id: "dbl" });
        assert.equal(await read(page, "window.dbl"), 1);
        await driver.longPress({ id: "hold" }, 0.3);
        const held = await read<number>(page, "window.held");
        assert.ok(held >= 290, `held ${held} ms`);
        const records = driver.drainActuations().actuations;
        assert.deepEqual(records.map((a) => a.gesture), ["doubleTap", "longPress"]);
        assert.equal(records[1].durationS, 0.3);
      });
    });

    await t.step("an ambiguous selector fails listing the candidates", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        const err = await driver.tap({ label: "Buy" }).then(() => null, (e) => e);
        assert.ok(err instanceof AmbiguousSelector);
        assert.match(
          err.message,
          /^ambiguous: 2 matches for \{"label":"Buy"\}: label="Buy"@\[200,50,[\d.]+,[\d.]+\], label="Buy"@\[300,50,[\d.]+,[\d.]+\] — add within or index$/,
        );
        assert.equal(await read(page, "window.buy"), undefined);
        await driver.tap({ label: "Buy", index: -1 });
        assert.equal(await read(page, "window.buy"), "b");
      });
    });

    await t.step("a missing element fails as not found", async () => {
      await withPage(lab, COUNTER, async ({ driver }) => {
        await assert.rejects(driver.tap({ id: "nope" }), ElementNotFound);
      });
    });

    await t.step("a covered element fails as not tappable, naming the cover", async () => {
      await withPage(lab, COVERED, async ({ driver, page }) => {
        const err = await driver.tap({ id: "under" }).then(() => null, (e) => e);
        assert.ok(err instanceof ElementNotTappable);
        assert.equal(err.message, "not tappable: covered by id=overlay@[0,0,200,100]");
        assert.deepEqual(err.cover, {
          identifier: "overlay",
          label: null,
          frame: [0, 0, 200, 100],
        });
        assert.equal(await read(page, "window.clicked"), undefined);
        // Nothing was sent, so nothing was recorded.
        assert.equal(driver.drainActuations().actuations.length, 0);
        await assert.rejects(
          driver.tap({ id: "under2" }),
          (e: Error) =>
            e.message === 'not tappable: covered by label="Cookie banner"@[0,280,300,80]',
        );
        await assert.rejects(
          driver.tap({ id: "under3" }),
          (e: Error) => e.message === "not tappable: covered by anonymous@[0,380,300,80]",
        );
        assert.equal(await driver.isTappable({ id: "under" }), false);
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

    await t.step("isTappable: missing → false, ambiguous → throws, reachable → true", async () => {
      await withPage(lab, COUNTER, async ({ driver }) => {
        assert.equal(await driver.isTappable({ id: "nope" }), false);
        await assert.rejects(driver.isTappable({ label: "Buy" }), AmbiguousSelector);
        assert.equal(await driver.isTappable({ id: "inc" }), true);
        assert.equal(await driver.waitFor({ id: "inc" }), true);
        assert.equal(await driver.waitFor({ id: "nope" }), false);
      });
    });

    await t.step("tapPoint clicks raw coordinates", async () => {
      await withPage(lab, COUNTER, async ({ driver, page }) => {
        await driver.tapPoint([240, 20]);
        assert.equal(await read(page, "window.anon"), 1);
        const [record] = driver.drainActuations().actuations;
        assert.deepEqual([record.points, record.target, record.frame], [[[240, 20]], null, null]);
      });
    });
  });
});
