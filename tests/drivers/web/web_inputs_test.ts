/**
 * The input steps on a real page, through the run loop: clear on a textarea and an editable
 * region (or a failure naming what is left), typing with nothing focused, a disabled target,
 * hover, a secondary tap and a tap offset. Each is a case where a step could pass having done
 * nothing.
 */
import assert from "node:assert/strict";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import type { Step } from "../../../src/scenario/types.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { read, withChromium, withPage } from "./fixture.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";

const run = (driver: WebDriver, steps: Step[]) => runScenario(driver, scenario({ steps }));

const valueOf = async (driver: WebDriver, id: string) =>
  (await driver.query()).find((e) => e.identifier === id)?.value;

const FIELDS = `<body style="margin:0">
<textarea data-testid="notes" rows="5" style="width:300px">first line
second line
third line</textarea>
<div data-testid="editor" contenteditable="true" style="width:300px;min-height:60px">
<p>alpha</p><p>beta <b>bold</b></p></div>
<input data-testid="stubborn" value="keep me"
  onkeydown="if (event.key === 'Backspace') event.preventDefault()">
<button data-testid="plain">Plain</button>
</body>`;

Deno.test("input steps on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("clear empties a multi-line textarea and an editable region", async () => {
      await withPage(lab, FIELDS, async ({ driver }) => {
        const result = await run(driver, [
          { action: "clear", body: { into: { id: "notes" } } },
          { action: "clear", body: { into: { id: "editor" } } },
        ]);
        assert.equal(result.failure, null);
        assert.equal(await valueOf(driver, "notes"), "");
        assert.equal(await valueOf(driver, "editor"), "");
      });
    });

    await t.step("clear fails saying what is left when the field keeps its text", async () => {
      await withPage(lab, FIELDS, async ({ driver }) => {
        const result = await run(driver, [{ action: "clear", body: { into: { id: "stubborn" } } }]);
        assert.equal(result.failure, 'step 0 (clear): clear: the field still holds "keep me"');
      });
    });

    await t.step("type with nothing focused fails: type: nothing is focused", async () => {
      await withPage(lab, FIELDS, async ({ driver, page }) => {
        const result = await run(driver, [
          { action: "tap", body: { id: "plain" } },
          { action: "type", body: { text: "lost", submit: false } },
        ]);
        assert.equal(result.failure, "step 1 (type): type: nothing is focused");
        assert.equal(await read(page, "document.body.innerText.includes('lost')"), false);
      });
    });

    await t.step("a disabled target fails instead of being clicked for nothing", async () => {
      const html = `<button data-testid="late" disabled onclick="window.clicked=1">Save</button>`;
      await withPage(lab, html, async ({ driver, page }) => {
        const result = await run(driver, [{ action: "tap", body: { id: "late" } }]);
        assert.match(
          result.failure ?? "",
          /^step 0 \(tap\): not enabled: id=late@\[.*\] is disabled/,
        );
        assert.equal(await read(page, "window.clicked"), undefined);
        assert.deepEqual(result.steps[0].actuations, []);
      });
    });

    await t.step("hover moves the pointer over the element (a tooltip appears)", async () => {
      const html = `<style>.tip{display:none} .icon:hover + .tip{display:block}</style>
        <button class="icon" title="Delete" style="width:40px;height:40px">x</button>
        <span class="tip" role="tooltip">Deletes the row</span>`;
      await withPage(lab, html, async ({ driver }) => {
        const before = await driver.query();
        assert.equal(before.some((e) => e.label === "Deletes the row"), false);
        const result = await run(driver, [
          { action: "hover", body: { label: "x", traits: ["button"] } },
          {
            action: "wait",
            body: { for: { label: "Deletes the row", traits: ["tooltip"] }, timeout: 2 },
          },
        ]);
        assert.equal(result.failure, null);
        assert.equal(result.steps[0].actuations[0].gesture, "hover");
      });
    });

    await t.step("a secondary tap is a context click; tap at lands at the offset", async () => {
      const html = `<body style="margin:0"><div data-testid="row" style="width:400px;height:50px"
        oncontextmenu="event.preventDefault(); window.menu = 1"
        onclick="window.at = [event.offsetX, event.offsetY]">Row</div></body>`;
      await withPage(lab, html, async ({ driver, page }) => {
        const result = await run(driver, [
          { action: "tap", body: { sel: { id: "row" }, button: "secondary" } },
          { action: "tap", body: { sel: { id: "row" }, at: { x: 0.9, y: 0.2 } } },
        ]);
        assert.equal(result.failure, null);
        assert.equal(await read(page, "window.menu"), 1);
        assert.deepEqual(await read(page, "window.at"), [360, 10]);
        assert.deepEqual(result.steps.map((s) => s.actuations[0].gesture), ["secondaryTap", "tap"]);
      });
    });

    await t.step("JS dialogs are answered by the policy and recorded on their step", async () => {
      const html = `<button data-testid="del" onclick="window.answer = confirm('Delete 3 items?')">
        Delete</button><button data-testid="hi" onclick="alert('Saved')">Hi</button>`;
      await withPage(lab, html, async ({ driver, page }) => {
        const steps: Step[] = [
          { action: "tap", body: { id: "del" } },
          { action: "tap", body: { id: "hi" } },
        ];
        const accepted = await runScenario(driver, scenario({ steps }), {
          dialogPolicy: { default: "dismiss", byKind: { confirm: "accept" } },
        });
        assert.equal(accepted.failure, null);
        assert.equal(await read(page, "window.answer"), true);
        assert.deepEqual(accepted.steps.map((s) => s.dialogs), [
          [{ kind: "confirm", text: "Delete 3 items?", answer: "accepted" }],
          [{ kind: "alert", text: "Saved", answer: "dismissed" }],
        ]);
        const dismissed = await runScenario(driver, scenario({ steps: [steps[0]] }), {
          dialogPolicy: { default: "dismiss", byKind: {} },
        });
        assert.equal(dismissed.failure, null);
        assert.equal(await read(page, "window.answer"), false);
        const off = await runScenario(driver, scenario({ steps: [steps[0]] }), {
          dialogPolicy: { default: "fail", byKind: {} },
        });
        assert.equal(
          off.failure,
          'step 0 (tap): unexpected confirm dialog "Delete 3 items?" (dismissed; dialog handling is off)',
        );
      });
    });
  });
});
