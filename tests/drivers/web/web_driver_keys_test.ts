/**
 * Keyboard actions on a real page: typing into the focused field, a trailing newline submits,
 * Backspace×n from the end, select-all and copy, key chords — and no typed text ever lands in an
 * actuation record. Keys with nothing editable focused fail instead of going nowhere.
 */
import assert from "node:assert/strict";
import { NothingFocused } from "../../../src/drivers/driver.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import { parseKeyChord } from "../../../src/model/key_chord.ts";
import { read, withChromium, withPage } from "./fixture.ts";

const valueOf = async (driver: WebDriver, id: string) =>
  (await driver.query()).find((e) => e.identifier === id)?.value;

const chord = (text: string) => {
  const c = parseKeyChord(text);
  if ("error" in c) throw new Error(c.error);
  return c;
};

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
        assert.equal(await valueOf(driver, "q"), "hello world");
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
        assert.equal(await valueOf(driver, "q"), "abcd");
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
        assert.equal(await valueOf(driver, "q"), "new");
        const gestures = driver.drainActuations().actuations.map((a) => a.gesture);
        assert.deepEqual(gestures, ["tap", "typeText", "selectAll", "copy", "typeText"]);
      });
    });

    await t.step(
      "typing or deleting with nothing editable focused fails; no key is sent",
      async () => {
        await withPage(
          lab,
          `${FORM}<button data-testid="b">B</button>`,
          async ({ driver, page }) => {
            await assert.rejects(
              driver.typeText("lost"),
              (e: Error) => e instanceof NothingFocused && e.message === "type: nothing is focused",
            );
            await driver.tap({ id: "b" });
            await assert.rejects(driver.typeText("lost"), NothingFocused);
            await assert.rejects(
              driver.deleteText(1),
              (e: Error) => e.message === "delete: nothing is focused",
            );
            assert.equal(await read(page, "document.querySelector('input').value"), "");
            assert.deepEqual(driver.drainActuations().actuations.map((a) => a.gesture), ["tap"]);
          },
        );
      },
    );

    await t.step(
      "deleteText deletes from the end of a textarea and an editable region",
      async () => {
        const page = `<textarea data-testid="t" rows="4" style="width:300px">line one
line two
line three</textarea><div data-testid="e" contenteditable="true"><p>alpha</p><p>beta</p></div>`;
        await withPage(lab, page, async ({ driver }) => {
          await driver.tap({ id: "t" }); // the caret lands mid-text, where the tap was
          await driver.deleteText("three".length);
          assert.equal(await valueOf(driver, "t"), "line one\nline two\nline ");
          await driver.tap({ id: "e" });
          await driver.deleteText(2);
          assert.equal(await valueOf(driver, "e"), "alpha\n\nbe");
        });
      },
    );

    await t.step("press sends key chords to the focused element", async () => {
      const page = `${FORM}<script>
        window.keys = [];
        document.addEventListener("keydown", (e) => keys.push(
          (e.ctrlKey ? "C+" : "") + (e.shiftKey ? "S+" : "") + e.key));
      </script><button data-testid="next">Next</button>`;
      await withPage(lab, page, async ({ driver, page }) => {
        await driver.tap({ id: "q" });
        await driver.typeText("abc");
        await driver.press(chord("Control+A"));
        await driver.press(chord("Backspace"));
        assert.equal(await valueOf(driver, "q"), "");
        await driver.press(chord("Tab"));
        assert.equal(await read(page, "document.activeElement.dataset.testid"), "next");
        await driver.press(chord("Shift+Tab"));
        await driver.press(chord("Escape"));
        await driver.press(chord("Enter"));
        assert.equal(await read(page, "window.submitted"), "");
        assert.deepEqual(await read<string[]>(page, "window.keys.slice(3)"), [
          "C+Control",
          "C+a",
          "Backspace",
          "Tab",
          "S+Shift",
          "S+Tab",
          "Escape",
          "Enter",
        ]);
        const gestures = driver.drainActuations().actuations.map((a) => [a.gesture, a.via]);
        assert.deepEqual(gestures.slice(2), Array(6).fill(["press", "key"]));
      });
    });
  });
});
