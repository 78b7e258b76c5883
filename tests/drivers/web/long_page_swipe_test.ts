/**
 * A directional `swipe` on a long page starts inside the viewport (docs/scenario-language.md#directional-gesture-geometry):
 * on an element taller than the viewport, or one partly below the fold, the gesture begins on the
 * visible part of the element, so the wheel lands on it and the content moves.
 */
import assert from "node:assert/strict";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../../src/scenario/types.ts";
import { read, webScenario, withChromium, withPage } from "./fixture.ts";

const LONG_PAGE = `<body style="margin:0">
<main data-testid="feed" style="height:6000px;background:linear-gradient(#fff,#000)">
  <div style="height:1000px"></div>
  <div data-testid="carousel"
    style="position:absolute;left:0;width:100%;height:300px;overflow-x:auto;white-space:nowrap">
    <div style="display:inline-block;width:4000px;height:280px;background:linear-gradient(90deg,#f00,#00f)"></div>
  </div>
</main>
</body>`;

const swipe = (id: string, direction: string): Step =>
  ({ action: "swipe", body: { on: { id }, direction } }) as Step;

Deno.test("swipe on a long page starts inside the viewport", async (t) => {
  await withChromium(async (lab) => {
    await t.step("a feed taller than the viewport scrolls the page", async () => {
      await withPage(lab, LONG_PAGE, async ({ driver, page }) => {
        const r = await runScenario(driver, webScenario({ steps: [swipe("feed", "up")] }));
        assert.equal(r.ok, true, r.failure ?? "");
        const [act] = r.steps[0].actuations;
        const { height } = await driver.viewport();
        for (const [, y] of act.points) assert.ok(y > 0 && y < height, `y=${y} in 0..${height}`);
        assert.ok(await read<number>(page, "scrollY") > 0, "the page scrolled");
      });
    });

    await t.step("a carousel half below the fold scrolls sideways", async () => {
      await withPage(lab, LONG_PAGE, async ({ driver, page }) => {
        const { height } = await driver.viewport();
        // The carousel's top edge 100 px above the bottom of the viewport: its centre is below.
        await page.evaluate((h) => {
          const c = document.querySelector("[data-testid=carousel]") as HTMLElement;
          c.style.top = `${h - 100}px`;
        }, height);
        const r = await runScenario(driver, webScenario({ steps: [swipe("carousel", "left")] }));
        assert.equal(r.ok, true, r.failure ?? "");
        const [act] = r.steps[0].actuations;
        const [, y] = act.points[0];
        assert.ok(y > height - 100 && y < height, `y=${y} on the visible strip`);
        const scrolled = await read<number>(
          page,
          `document.querySelector("[data-testid=carousel]").scrollLeft`,
        );
        assert.ok(scrolled > 0, "the carousel scrolled");
      });
    });
  });
});
