/**
 * Keyboard actions on a real page: typing into the focused field, a trailing newline submits,
 * Backspace×n, select-all and copy — and no typed text ever lands in an actuation record.
 */
import assert from "node:assert/strict";
import { read, withChromium, withPage } from "./fixture.ts";

const FORM = `<form onsubmit="event.preventDefault(); window.submitted = this.q.value">
  <input data-testid="q" name="q" style="width:200px">
</form>
<script>document.addEventListener("copy", () => { window.copied = String(getSelection()); });</script>`;

Deno.test("keyboard actions on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("typeText types into the focused field; a trailing newline submits", async () => {
      await withPage(lab, FORM, async ({ driver, page }) => {
        await driver.tap({ id: "q" });
        await driver.typeText("hello world");
        assert.equal((await driver.query())[0].value, "hello world");
        assert.equal(await read(page, "window.submitted"), undefined);
        await driver.typeText("!\n");
        assert.equal(await read(page, "window.submitted"), "hello world!");
        const records = driver.drainActuations().actuations;
        assert.deepEqual(records.map((a) => [a.gesture, a.via, a.target]), [
          ["tap", "coordinate", "q"],
          ["typeText", "focused", null],
          ["typeText", "focused", null],
        ]);
        assert.ok(!JSON.stringify(records).includes("hello"), "typed text is never recorded");
      });
    });

    await t.step("deleteText presses Backspace n times", async () => {
      await withPage(lab, FORM, async ({ driver }) => {
        await driver.tap({ id: "q" });
        await driver.typeText("abcdef");
        await driver.deleteText(2);
        assert.equal((await driver.query())[0].value, "abcd");
      });
    });

    await t.step("selectAll then typing replaces the text; copySelection copies it", async () => {
      await withPage(lab, FORM, async ({ driver, page }) => {
        await driver.tap({ id: "q" });
        await driver.typeText("old text");
        await driver.selectAll();
        await driver.copySelection();
        assert.equal(await read(page, "window.copied"), "old text");
        await driver.typeText("new");
        assert.equal((await driver.query())[0].value, "new");
        const gestures = driver.drainActuations().actuations.map((a) => a.gesture);
        assert.deepEqual(gestures, ["tap", "typeText", "selectAll", "copy", "typeText"]);
      });
    });
  });
});
