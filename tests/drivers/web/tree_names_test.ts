/**
 * The web tree sees what a person sees (docs/backends.md#web): text without a role is static
 * text, names are computed as browsers compute them, editable regions are text views, the
 * identifier attribute is configurable with `id` as the fallback, and the root is the page.
 */
import assert from "node:assert/strict";
import type { Element } from "../../../src/drivers/driver.ts";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import { resolveUnique } from "../../../src/selectors/mod.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const PAGE = `<!doctype html><html><head><title>Trial  page</title></head><body>
<h1>Settings</h1>
<p>Hello <b>world</b> again</p>
<div>Title<p>para inside</p></div>
<label for="email">Email</label><input id="email" placeholder="you@example.com">
<input data-testid="search" placeholder="Search items">
<label><input type="checkbox"> Remember me</label>
<button title="Delete"><svg width="16" height="16"><rect width="16" height="16"/></svg></button>
<button><span>Save</span> draft</button>
<span id="lbl">Full name</span><input data-testid="name" aria-labelledby="lbl">
<textarea data-testid="notes">line one
line two</textarea>
<div data-testid="editor" contenteditable="true"><p>first</p><p>second</p></div>
<div data-testid="blank" contenteditable="true" aria-label="Empty editor"></div>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Company logo" width="10" height="10">
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="10" height="10">
<ul><li>Apples <span>(3)</span></li><li><a href="#p">Pears</a></li></ul>
<input type="submit" value="Go">
<a>no link</a>
<table><tr><th>Name</th><td>Ada</td></tr></table>
<div><span class="day" aria-label="December 15, 2026" tabindex="-1">15</span></div>
</body></html>`;

const view = (e: Element) => [e.identifier, e.label, e.value, e.traits];

Deno.test("the web tree sees what a person sees", async (t) => {
  await withChromium(async (lab) => {
    await t.step("text, names, editable regions and images, in document order", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        const tree = await driver.query();
        assert.deepEqual(tree.map(view), [
          ["page", "Trial page", "about:blank", ["window"]],
          [null, "Settings", null, ["heading"]],
          // Inline children are part of the line; a block child is its own row.
          [null, "Hello world again", null, ["staticText"]],
          [null, "Title", null, ["staticText"]],
          [null, "para inside", null, ["staticText"]],
          // `<label for>` names the field (and is not a row of its own); id is the fallback id.
          ["email", "Email", "", ["textField"]],
          ["search", "Search items", "", ["textField"]],
          // A wrapping label names its checkbox.
          [null, "Remember me", "off", ["switch"]],
          // An icon button is named by its title.
          [null, "Delete", null, ["button"]],
          // Text inside a button is the button's name, not a row.
          [null, "Save draft", null, ["button"]],
          ["lbl", "Full name", null, ["staticText"]],
          ["name", "Full name", "", ["textField"]],
          ["notes", null, "line one\nline two", ["textView"]],
          ["editor", null, "first\n\nsecond", ["textView"]],
          ["blank", "Empty editor", "", ["textView"]],
          [null, "Company logo", null, ["image"]],
          [null, "Apples (3)", null, ["listitem"]],
          [null, "Pears", null, ["listitem"]],
          [null, "Pears", null, ["link"]],
          [null, "Go", null, ["button"]],
          [null, "no link", null, ["staticText"]],
          [null, "Name", null, ["columnheader"]],
          [null, "Ada", null, ["cell"]],
          // A role-less element its author named: the name, not the digits it shows.
          [null, "December 15, 2026", null, ["staticText"]],
        ]);
        // Text-only content is selectable without ids, indexes or coordinates.
        assert.equal(resolveUnique(tree, { label: "para inside" }).traits[0], "staticText");
        assert.equal(resolveUnique(tree, { label: "Delete", traits: ["button"] }).label, "Delete");
      });
    });

    await t.step("the identifier attribute is the target's testIdAttribute", async () => {
      const html = `<button data-qa="save" data-testid="ignored">Save</button>
        <button id="cancel">Cancel</button>`;
      await withPage(lab, html, async ({ driver }) => {
        const ids = (await driver.query()).map((e) => e.identifier);
        assert.deepEqual(ids, ["page", "save", "cancel"]);
        await driver.tap({ id: "save" });
      }, { driver: { testIdAttribute: "data-qa" } });
    });

    await t.step("the root follows the viewport, the title and the URL", async () => {
      await withPage(lab, "<title>A</title><p>x</p>", async ({ driver, page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.evaluate(() => history.pushState(null, "", "#/next"));
        const [root] = await driver.query();
        assert.deepEqual(root.frame, [0, 0, 390, 844]);
        assert.equal(root.label, "A");
        assert.match(root.value ?? "", /#\/next$/);
      }, { fresh: true });
    });

    await t.step("tapPoint fractions are of the viewport, not of the page's length", async () => {
      const tall = `<body style="margin:0"><div style="height:3000px">long page</div>
        <button style="position:fixed;left:350px;top:250px;width:100px;height:100px"
          onclick="window.hit=(window.hit||0)+1">Centre</button></body>`;
      await withPage(lab, tall, async ({ driver, page }) => {
        const result = await runScenario(
          driver,
          scenario({ steps: [{ action: "tapPoint", body: { x: 0.5, y: 0.5 } }] }),
        );
        assert.equal(result.failure, null);
        assert.deepEqual(result.steps[0].actuations[0].points, [[400, 300]]);
        assert.equal(await read(page, "window.hit"), 1);
      });
    });

    await t.step(
      "until: settled settles on a page without test ids (the root has one)",
      async () => {
        await withPage(lab, "<p>No ids here</p><button>Go</button>", async ({ driver }) => {
          const result = await runScenario(
            driver,
            scenario({
              steps: [{ action: "wait", body: { until: { kind: "settled" }, timeout: 10 } }],
            }),
          );
          assert.equal(result.failure, null);
          // Settled after three equal reads, not by running out the 10 s timeout.
          assert.ok(result.steps[0].durationS < 5, `took ${result.steps[0].durationS}s`);
        });
      },
    );

    await t.step("an output's value is its text (a live counter changes the tree)", async () => {
      await withPage(lab, `<output data-testid="n" aria-label="count">3</output>`, async (s) => {
        const n = (await s.driver.query()).find((e) => e.identifier === "n")!;
        assert.deepEqual([n.label, n.value, n.traits], ["count", "3", ["status"]]);
      });
    });
  });
});
