/**
 * Pages built of web components (docs/backends.md#shadow-roots): the tree sees into open shadow
 * roots (nested ones too, slotted light children once, closed roots never), and every action on
 * an element found there works: taps and their hit test, covers, typing and clearing, a checkbox,
 * `selectOption`, the recovery scroll; a change inside a shadow root is never answered with the
 * previous screenshot. Vanilla custom elements, no library.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ElementNotTappable } from "../../../src/drivers/driver.ts";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import { pageSelectOption } from "../../../src/drivers/web/select_option.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import type { Step } from "../../../src/scenario/types.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { read, withChromium, withPage } from "./fixture.ts";

/** Components defined by one script; `clicks` records what each button received. */
const COMPONENTS = `<script>
  window.clicks = [];
  const define = (name, mode, html) => customElements.define(name, class extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode }).innerHTML = html;
    }
  });
  define("x-inner", "open",
    '<button data-testid="deep" onclick="clicks.push(\\'deep\\')">Deep</button>');
  define("x-form", "open", \`<style>button { margin: 2px }</style>
    <section role="region" aria-labelledby="title">
      <h2 id="title">Profile</h2>
      <label for="name">Your name</label> <input id="name">
      <button id="save" onclick="clicks.push('save')"><span>Save</span></button>
      <label><input type="checkbox" id="agree"> I agree</label>
      <select id="size"><option value="s">Small</option><option value="l">Large</option></select>
      <x-inner></x-inner>
      <p><slot></slot></p>
    </section>\`);
  define("x-press", "open", '<button part="base"><slot></slot></button>');
  define("x-chip", "open", "<span>Chip</span>");
  define("x-label", "open", "<span>Send</span>");
  define("x-secret", "closed", "<button>Hidden</button>");
  define("x-covered", "open", \`<button id="under" onclick="clicks.push('under')">Under</button>
    <div id="veil" style="position:absolute;left:0;top:0;width:300px;height:60px"></div>\`);
</script>`;

const PAGE = `<body style="margin:0">${COMPONENTS}
<h1>Components</h1>
<button data-testid="send"><x-label></x-label></button>
<x-form>Slotted <b>note</b></x-form>
<x-press onclick="clicks.push('press')">Press me</x-press>
<x-chip role="button" onclick="clicks.push('chip')"></x-chip>
<x-secret></x-secret>
<div style="position:relative;height:60px"><x-covered></x-covered></div>
</body>`;

/** A component whose button sits at y=1208, below the fold of a 600-px viewport. */
const BELOW_FOLD = `<body style="margin:0">${COMPONENTS}
<div style="height:1208px">intro</div>
<x-inner></x-inner>
<div style="height:2000px"></div></body>`;

const run = (driver: WebDriver, steps: Step[]) => runScenario(driver, scenario({ steps }));

const find = async (driver: WebDriver, id: string) =>
  (await driver.query()).find((e) => e.identifier === id);

/** Two animation frames: the compositor has drawn (and the screencast delivered) by then. */
function frames(page: Page): Promise<void> {
  return page.evaluate(() =>
    new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
  );
}

Deno.test("web components: the tree and the actions see into open shadow roots", async (t) => {
  await withChromium(async (lab) => {
    await t.step("the tree walks the composed tree; closed roots stay invisible", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        const rows = (await driver.query()).map((e) => [e.identifier, e.label, e.value, e.traits]);
        assert.deepEqual(rows, [
          ["page", null, "about:blank", ["window"]],
          [null, "Components", null, ["heading"]],
          // A light button named by text inside a component it holds (met before any other
          // shadow root); that text is the button's, not a row.
          ["send", "Send", null, ["button"]],
          // aria-labelledby resolves in the shadow root; the host itself is no row.
          [null, "Profile", null, ["region"]],
          ["title", "Profile", null, ["heading"]],
          // `<label for>` within the root; its text is the input's name, not a row.
          ["name", "Your name", "", ["textField"]],
          // The span inside the button is the button's.
          ["save", "Save", null, ["button"]],
          ["agree", "I agree", "off", ["switch"]],
          ["size", null, "s", ["button"]],
          // A shadow root inside a shadow root.
          ["deep", "Deep", null, ["button"]],
          // The host's light text renders through the slot: listed once, where it shows.
          [null, "Slotted note", null, ["staticText"]],
          // Text slotted into a button names the button; the host is not static text.
          [null, "Press me", null, ["button"]],
          // A host with a role takes its shadow root's text as its name.
          [null, "Chip", null, ["button"]],
          ["under", "Under", null, ["button"]],
          ["veil", null, null, ["other"]],
        ]);
      });
    });

    await t.step("taps reach buttons inside shadow roots, nested and slotted", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        assert.equal(await driver.isTappable({ id: "save" }), true);
        await driver.tap({ id: "save" });
        await driver.tap({ id: "deep" });
        await driver.tap({ label: "Press me" });
        await driver.tap({ label: "Chip" });
        assert.deepEqual(await read(page, "clicks"), ["save", "deep", "press", "chip"]);
      });
    });

    await t.step("a cover inside a shadow root is named; the tap is not sent", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        assert.equal(await driver.isTappable({ id: "under" }), false);
        await assert.rejects(
          driver.tap({ id: "under" }),
          (e: Error) =>
            e instanceof ElementNotTappable &&
            /^not tappable: covered by id=veil@\[0,[\d.]+,300,60\]$/.test(e.message),
        );
        assert.deepEqual(await read(page, "clicks"), []);
      });
    });

    await t.step("type, delete and clear in an input inside a shadow root", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        const typed = await run(driver, [
          { action: "tap", body: { id: "name" } },
          { action: "type", body: { text: "Adax", submit: false } },
        ]);
        assert.equal(typed.failure, null);
        // The caret goes to the end inside the shadow root before deleting.
        const [x, y, , h] = (await find(driver, "name"))!.frame;
        await driver.tapPoint([x + 2, y + h / 2]);
        await driver.deleteText(1);
        assert.equal((await find(driver, "name"))?.value, "Ada");
        const cleared = await run(driver, [{ action: "clear", body: { into: { id: "name" } } }]);
        assert.equal(cleared.failure, null);
        assert.equal((await find(driver, "name"))?.value, "");
      });
    });

    await t.step("a checkbox inside a shadow root toggles", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        await driver.tap({ id: "agree" });
        const agree = await find(driver, "agree");
        assert.equal(agree?.value, "on");
        assert.deepEqual(agree?.traits, ["switch", "selected"]);
      });
    });

    await t.step("selectOption on a select inside a shadow root", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        await driver.selectOption({ id: "size" }, "l");
        assert.equal((await find(driver, "size"))?.value, "l");
        // Without the scan's own node (a newer scan replaced it), the select is found by
        // identifier and frame through the shadow roots.
        const size = (await find(driver, "size"))!;
        const status = await page.evaluate(pageSelectOption, {
          gen: -1,
          index: 0,
          id: "size",
          frame: size.frame,
          testId: "data-testid",
          value: "s",
        });
        assert.equal(status, "ok");
        assert.equal((await find(driver, "size"))?.value, "s");
      });
    });

    await t.step("a tap below the fold inside a component scrolls it in", async () => {
      await withPage(lab, BELOW_FOLD, async ({ driver, page }) => {
        const result = await run(driver, [{ action: "tap", body: { id: "deep" } }]);
        assert.equal(result.failure, null);
        assert.deepEqual(await read(page, "clicks"), ["deep"]);
      });
    });

    await t.step("a change inside an open shadow root takes a new screenshot", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        const first = await driver.screenshotBytes();
        await frames(page);
        const drawn = driver.framesDrawn();
        // A page timer, say, between the previous step's shot and this step's read.
        await page.evaluate(() => {
          const form = document.querySelector("x-form")!.shadowRoot!;
          form.getElementById("title")!.textContent = "Changed";
        });
        // Even once the frame it drew has arrived before the read (which then counts it as a
        // late frame of the last capture's action), the change is seen: the root is watched.
        while (driver.framesDrawn() === drawn) await frames(page);
        await driver.query();
        const second = await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
        assert.notDeepEqual(second, first);
      }, { fresh: true });
    });

    await t.step("a closed root attached after the first capture is watched too", async () => {
      await withPage(lab, PAGE, async ({ driver, page }) => {
        await driver.screenshotBytes();
        await page.evaluate(() => {
          const host = document.createElement("div");
          document.body.prepend(host);
          const root = host.attachShadow({ mode: "closed" });
          root.innerHTML = "<p>secret</p>";
          (globalThis as unknown as { secret: ShadowRoot }).secret = root;
        });
        await frames(page);
        await driver.query();
        const before = await driver.screenshotBytes();
        await frames(page);
        const drawn = driver.framesDrawn();
        await page.evaluate(() => {
          const root = (globalThis as unknown as { secret: ShadowRoot }).secret;
          root.querySelector("p")!.textContent = "changed";
        });
        while (driver.framesDrawn() === drawn) await frames(page);
        await driver.query();
        const after = await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 3, reused: 0 });
        assert.notDeepEqual(after, before);
      }, { fresh: true });
    });
  });
});
