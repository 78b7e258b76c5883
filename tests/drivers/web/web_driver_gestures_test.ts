/**
 * Drags, scrolls, history, `<select>` and two-finger gestures on a real page.
 */
import assert from "node:assert/strict";
import {
  ElementNotFound,
  ElementNotTappable,
  UnsupportedAction,
} from "../../../src/drivers/driver.ts";
import {
  MAX_FRAMES,
  SCROLL_SETTLE_FALLBACK_S,
  STABLE_FRAMES,
} from "../../../src/drivers/web/scroll_settle.ts";
import { html, read, withChromium, withPage, withServer } from "./fixture.ts";

const SCROLLER = `<body style="margin:0">
<div data-testid="list" style="position:absolute;left:0;top:0;width:300px;height:300px;overflow:auto">
  <div style="height:3000px;background:linear-gradient(#fff,#000)"></div>
</div>
<div data-testid="pad" style="position:absolute;left:400px;top:0;width:300px;height:300px;touch-action:none"></div>
<script>
  window.events = [];
  const pad = document.querySelector("[data-testid=pad]");
  for (const type of ["pointerdown", "pointermove", "pointerup"]) {
    pad.addEventListener(type, (e) => events.push([type, e.pointerType, Math.round(e.clientX), Math.round(e.clientY)]));
  }
</script>
</body>`;

/** A list that scrolls itself by a pixel every frame: its offsets never hold still. */
const RESTLESS = `<body style="margin:0">
<div data-testid="list" style="position:absolute;left:0;top:0;width:300px;height:300px;overflow:auto">
  <div style="height:300000px"></div>
</div>
<script>
  const list = document.querySelector("[data-testid=list]");
  const drift = () => { list.scrollTop += 1; requestAnimationFrame(drift); };
  requestAnimationFrame(drift);
</script>
</body>`;

const SELECT = `<body style="margin:0">
<select data-testid="color" style="position:absolute;left:10px;top:10px"
  onchange="window.changed=(window.changed||0)+1">
  <option value="r">Red</option><option value="g">Green</option><option value="b">Blue</option>
</select>
<select data-testid="size" style="position:absolute;left:10px;top:100px"><option value="s">S</option></select>
<div data-testid="veil" style="position:fixed;left:0;top:90px;width:300px;height:60px"></div>
<button data-testid="plain" style="position:absolute;left:200px;top:10px">Plain</button>
</body>`;

/**
 * A list reordered by HTML5 drag and drop, live on every dragover like sortable-list libraries:
 * the dragged item moves before or after the item under the pointer. Each pointer move also
 * records the animation frame it arrived in.
 */
const SORTABLE = `<body style="margin:0">
<ul data-testid="list" style="margin:0;padding:0;width:300px">
  <li draggable="true" style="height:40px;list-style:none">A</li>
  <li draggable="true" style="height:40px;list-style:none">B</li>
  <li draggable="true" style="height:40px;list-style:none">C</li>
  <li draggable="true" style="height:40px;list-style:none">D</li>
</ul>
<div data-testid="pad" style="height:200px;width:300px"></div>
<script>
  window.frame = 0;
  const tick = () => { window.frame++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  window.moveFrames = [];
  addEventListener("pointermove", (e) => { if (e.buttons & 1) moveFrames.push(window.frame); });
  const list = document.querySelector("ul");
  let dragged = null;
  list.addEventListener("dragstart", (e) => { dragged = e.target; e.dataTransfer.setData("text/plain", ""); });
  list.addEventListener("dragover", (e) => {
    e.preventDefault();
    const over = e.target.closest("li");
    if (!dragged || !over || over === dragged) return;
    const r = over.getBoundingClientRect();
    list.insertBefore(dragged, e.clientY < r.top + r.height / 2 ? over : over.nextSibling);
  });
  list.addEventListener("drop", (e) => e.preventDefault());
  window.order = () => [...list.children].map((li) => li.textContent).join("");
</script>
</body>`;

const TOUCH_PAD = `<body style="margin:0">
<div data-testid="pad" style="position:absolute;left:100px;top:100px;width:200px;height:200px;touch-action:none"></div>
<script>
  window.touches = [];
  const pad = document.querySelector("[data-testid=pad]");
  for (const type of ["touchstart", "touchmove", "touchend"]) {
    pad.addEventListener(type, (e) => touches.push([type, [...e.touches].map((t) => [Math.round(t.clientX), Math.round(t.clientY)])]));
  }
</script>
</body>`;

Deno.test("gestures on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("scroll wheels by from − to and returns once the content is at rest", async () => {
      await withPage(lab, SCROLLER, async ({ driver, page }) => {
        await driver.scroll([150, 200], [150, 50]);
        const top = await read<number>(
          page,
          `document.querySelector("[data-testid=list]").scrollTop`,
        );
        assert.equal(top, 150);
        await driver.scroll([150, 50], [150, 100]);
        assert.equal(
          await read(page, `document.querySelector("[data-testid=list]").scrollTop`),
          100,
        );
        const [first] = driver.drainActuations().actuations;
        assert.deepEqual([first.gesture, first.points], ["scroll", [[150, 200], [150, 50]]]);
        // Each scroll's settle is recorded once: what ended it, its reads and time.
        const settles = driver.drainSettles();
        assert.equal(settles.length, 2);
        for (const s of settles) {
          assert.deepEqual([s.kind, s.endedBy, s.stableReads, s.timeoutS], [
            "scroll-settle",
            "stable",
            STABLE_FRAMES + 1,
            SCROLL_SETTLE_FALLBACK_S,
          ]);
          assert.ok(s.reads >= STABLE_FRAMES + 1 && s.reads <= MAX_FRAMES + 1, `${s.reads} reads`);
          assert.ok(s.seconds >= 0);
        }
        assert.deepEqual(driver.drainSettles(), []);
      });
    });

    await t.step(
      "a scroll whose content never comes to rest records a timed-out settle",
      async () => {
        await withPage(lab, RESTLESS, async ({ driver }) => {
          await driver.scroll([150, 200], [150, 50]);
          const [settle] = driver.drainSettles();
          assert.deepEqual([settle.kind, settle.endedBy, settle.reads], [
            "scroll-settle",
            "timeout",
            MAX_FRAMES + 1,
          ]);
          assert.equal(settle.stableReads, undefined);
        });
      },
    );

    await t.step("in a touch context scroll is a one-finger drag that does not fling", async () => {
      await withPage(lab, SCROLLER, async ({ driver, page }) => {
        const top = `document.querySelector("[data-testid=list]").scrollTop`;
        await driver.scroll([150, 250], [150, 50]);
        const after = await read<number>(page, top);
        // A 200 px drag: Chromium's touch slop and move coalescing on a loaded machine can eat
        // part of it (145 px seen under parallel browser tests), but a fling would carry the
        // content ~1,300 px. So: clearly scrolled, and never past the finger's travel.
        assert.ok(after >= 120 && after <= 220, `scrolled to ${after}`);
        // At rest: ten frames later the content has not moved on by inertia.
        await page.evaluate(() =>
          new Promise((resolve) => {
            let frames = 0;
            const tick = () => ++frames >= 10 ? resolve(frames) : requestAnimationFrame(tick);
            requestAnimationFrame(tick);
          })
        );
        assert.equal(await read(page, top), after);
      }, { context: { hasTouch: true } });
    });

    await t.step("swipe is a literal mouse drag from → to", async () => {
      await withPage(lab, SCROLLER, async ({ driver, page }) => {
        await driver.swipe([450, 50], [650, 250]);
        const events = await read<[string, string, number, number][]>(page, "window.events");
        const down = events.findIndex((e) => e[0] === "pointerdown");
        assert.deepEqual(events[down], ["pointerdown", "mouse", 450, 50]);
        assert.deepEqual(events.at(-1), ["pointerup", "mouse", 650, 250]);
        assert.ok(events.slice(down).filter((e) => e[0] === "pointermove").length >= 3);
      });
    });

    await t.step(
      "a drag waits for the page to render after each move, as a hand would",
      async () => {
        await withPage(lab, SORTABLE, async ({ driver, page }) => {
          // On the pad: the page renders between two moves, so it sees every place passed.
          await driver.swipe([150, 180], [150, 340]);
          const frames = await read<number[]>(page, "window.moveFrames");
          assert.ok(frames.length >= 5, JSON.stringify(frames));
          // Two frames rendered after each move before the next (an animated list settles).
          for (let i = 1; i < frames.length; i++) {
            assert.ok(frames[i] - frames[i - 1] >= 2, `frames of the moves: ${frames}`);
          }
          // From A's centre to the lower half of D (a 130 px drag): A lands last.
          await driver.swipe([150, 20], [150, 150]);
          assert.equal(await read(page, "window.order()"), "BCDA");
        });
      },
    );

    await t.step("in a touch context swipe is a CDP touch drag", async () => {
      await withPage(lab, TOUCH_PAD, async ({ driver, page }) => {
        await driver.swipe([150, 150], [250, 250]);
        const touches = await read<[string, number[][]][]>(page, "window.touches");
        assert.deepEqual(touches[0], ["touchstart", [[150, 150]]]);
        assert.deepEqual(touches.at(-2), ["touchmove", [[250, 250]]]);
        assert.deepEqual(touches.at(-1), ["touchend", []]);
      }, { context: { hasTouch: true } });
    });

    await t.step("pinch spreads two fingers; rotate turns them clockwise", async () => {
      await withPage(lab, TOUCH_PAD, async ({ driver, page }) => {
        await driver.pinch({ id: "pad" }, 2);
        let touches = await read<[string, number[][]][]>(page, "window.touches");
        const starts = touches.filter((e) => e[0] === "touchstart");
        assert.deepEqual(starts.at(-1), ["touchstart", [[150, 200], [250, 200]]]);
        const lastMove = (list: [string, number[][]][]) =>
          list.filter((e) => e[0] === "touchmove").at(-1);
        assert.deepEqual(lastMove(touches), ["touchmove", [[100, 200], [300, 200]]]);
        await page.evaluate(() => (window as unknown as { touches: unknown[] }).touches = []);
        await driver.rotate({ id: "pad" }, Math.PI / 2);
        touches = await read<[string, number[][]][]>(page, "window.touches");
        assert.deepEqual(lastMove(touches), ["touchmove", [[200, 150], [200, 250]]]);
        const records = driver.drainActuations().actuations;
        assert.deepEqual(records.map((a) => [a.gesture, a.scale, a.radians]), [
          ["pinch", 2, null],
          ["rotate", null, Math.PI / 2],
        ]);
      }, { context: { hasTouch: true } });
    });

    await t.step("selectOption picks by value and fires change", async () => {
      await withPage(lab, SELECT, async ({ driver, page }) => {
        await driver.selectOption({ id: "color" }, "g");
        assert.equal((await driver.query()).find((e) => e.identifier === "color")?.value, "g");
        assert.equal(await read(page, "window.changed"), 1);
        await assert.rejects(
          driver.selectOption({ id: "color" }, "purple"),
          (e) => e instanceof ElementNotFound && /no option with value "purple"/.test(e.message),
        );
        await assert.rejects(driver.selectOption({ id: "size" }, "s"), ElementNotTappable);
        await assert.rejects(driver.selectOption({ id: "plain" }, "s"), UnsupportedAction);
        const [record] = driver.drainActuations().actuations;
        assert.deepEqual([record.gesture, record.target], ["selectOption", "color"]);
        assert.ok(!JSON.stringify(record).includes('"g"'), "the option is never recorded");
      });
    });

    await t.step("back goes one step back in history", async () => {
      await withServer({
        "/a": () => html(`<a data-testid="to.b" href="/b">to b</a>`),
        "/b": () => html(`<h1 data-testid="page.b">B</h1>`),
      }, async (base) => {
        await withPage(lab, null, async ({ driver }) => {
          await driver.navigate(`${base}/a`);
          await driver.tap({ id: "to.b" });
          await driver.page.waitForURL(`${base}/b`);
          assert.equal(await driver.waitFor({ id: "page.b" }), true);
          await driver.back();
          assert.equal(await driver.waitFor({ id: "to.b" }), true);
          assert.deepEqual(
            driver.drainActuations().actuations.map((a) => [a.gesture, a.via]),
            [["tap", "coordinate"], ["back", "history"]],
          );
        });
      });
    });

    await t.step("a read right after a tap that navigates waits for the new document", async () => {
      await withServer({
        "/a": () => html(`<a data-testid="to.slow" href="/slow">slow</a>`),
        "/slow": async () => {
          // A slow server: the old document is gone well before the new one is parsed.
          await new Promise((r) => setTimeout(r, 200));
          return html(`<h1 data-testid="page.slow">Slow</h1>`);
        },
      }, async (base) => {
        await withPage(lab, null, async ({ driver }) => {
          for (let round = 0; round < 3; round++) {
            await driver.navigate(`${base}/a`);
            await driver.tap({ id: "to.slow" });
            let seen = false;
            for (let i = 0; i < 200 && !seen; i++) {
              seen = (await driver.query()).some((e) => e.identifier === "page.slow");
            }
            assert.ok(seen, "the new page was read, and no read failed on the way");
          }
        });
      });
    });

    await t.step(
      "setPickerValue and handleSystemAlert are unsupported; no alert labels",
      async () => {
        await withPage(lab, SELECT, async ({ driver }) => {
          await assert.rejects(driver.setPickerValue({ id: "color" }, "g"), UnsupportedAction);
          await assert.rejects(driver.handleSystemAlert({ label: "OK" }, 1), UnsupportedAction);
          assert.deepEqual(await driver.systemAlertLabels(), []);
        });
      },
    );
  });
});
