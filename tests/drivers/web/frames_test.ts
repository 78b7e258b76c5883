/**
 * Pages with iframes (docs/backends.md#frames): the tree lists every visible child frame's
 * elements after its iframe's row, in page coordinates, same-origin or cross-origin (the inner
 * pages are served from `localhost`, the outer from `127.0.0.1`: two sites), nested too; and the
 * actions reach them: taps and their hit test, covers named inside a frame, typing and clearing,
 * `selectOption`, a scroll whose start point is inside a frame. The headless shell keeps
 * cross-site frames in the page's process unless told otherwise; desktop Chrome isolates sites,
 * so the browser here runs with `--site-per-process` and the cross-site frames are out-of-process
 * frames, as users' browsers have them. Loopback only.
 */
import assert from "node:assert/strict";
import { chromium, type Page } from "playwright-core";
import { findBrowser, launchOptions } from "../../../src/drivers/web/browsers.ts";
import { ElementNotTappable, NothingFocused } from "../../../src/drivers/driver.ts";
import type { Element } from "../../../src/drivers/driver.ts";
import { runScenario } from "../../../src/orchestrator/run_scenario.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import type { Step } from "../../../src/scenario/types.ts";
import { scenario } from "../../orchestrator/helpers.ts";
import { html, type Lab, withPage, withServer } from "./fixture.ts";

/** A headless Chromium that isolates sites as desktop Chrome does, closed afterwards. */
async function withIsolatingChromium(fn: (lab: Lab) => Promise<void>): Promise<void> {
  const options = launchOptions(findBrowser("chromium"), true);
  const args = [...(options.args ?? []), "--site-per-process"];
  const lab: Lab = { browser: await chromium.launch({ ...options, args }), shared: null };
  try {
    await fn(lab);
  } finally {
    await lab.browser.close();
  }
}

/** The renderer processes of the lab's browser. */
async function renderers(lab: Lab): Promise<number> {
  const cdp = await lab.browser.newBrowserCDPSession();
  try {
    const info = await cdp.send("SystemInfo.getProcessInfo");
    return info.processInfo.filter((p: { type: string }) => p.type === "renderer").length;
  } finally {
    await cdp.detach();
  }
}

/** The pages, given the two origins (`outer`: 127.0.0.1, `inner`: localhost). */
type Pages = (o: { outer: string; inner: string }) => Record<string, string>;

/**
 * Serves `pages` from two loopback servers (two origins, two sites) and runs `fn` with the
 * driver on the outer origin's `path`, loaded (an iframe's load holds its parent's `load`).
 */
async function withFrames(
  lab: Lab,
  pages: Pages,
  path: string,
  fn: (s: { driver: WebDriver; page: Page; inner: string }) => Promise<void>,
): Promise<void> {
  const o = { outer: "", inner: "" };
  const routes = () => {
    const out: Record<string, () => Response> = {};
    for (const key of Object.keys(pages({ outer: "", inner: "" }))) {
      out[key] = () => html(pages(o)[key]);
    }
    return out;
  };
  await withServer(routes(), async (outer) => {
    await withServer(routes(), async (innerBase) => {
      o.outer = outer;
      o.inner = innerBase.replace("127.0.0.1", "localhost");
      await withPage(lab, null, async ({ driver, page }) => {
        await page.goto(`${outer}${path}`);
        await fn({ driver, page, inner: o.inner });
      });
    });
  });
}

/** An iframe at (left, top), 400×200 inside a 7-px border and 3-px padding: content at +10. */
const frameAt = (src: string, left: number, top: number, extra = "") =>
  `<iframe src="${src}" ${extra} style="position:absolute;left:${left}px;top:${top}px;` +
  `width:400px;height:200px;border:7px solid #333;padding:3px;margin:0"></iframe>`;

/** Inner documents record what they receive in `clicks`; their parent hears of it by message. */
const RECORD = `<script>
  window.clicks = [];
  const record = (what) => { clicks.push(what); parent.postMessage(what, "*"); };
</script>`;

const PAGES: Pages = ({ inner }) => ({
  "/outer.html": `<body style="margin:0"><h1 style="margin:0">Checkout</h1>
    ${frameAt("/same.html", 40, 60, 'title="Address" id="addr"')}
    ${frameAt(`${inner}/card.html`, 40, 300, 'aria-label="Card payment" data-testid="pay"')}
    <iframe src="/same.html" style="display:none" data-testid="hidden-frame"></iframe>
    <script>window.heard = []; addEventListener("message", (e) => heard.push(e.data));</script>
  </body>`,
  "/same.html": `<body style="margin:0">${RECORD}
    <label style="position:absolute;left:5px;top:10px">Street
      <input id="street" style="position:absolute;left:60px;top:0;width:120px;height:24px"></label>
    <button id="save" onclick="record('save')"
      style="position:absolute;left:10px;top:60px;width:80px;height:30px">Save</button>
  </body>`,
  "/card.html": `<body style="margin:0">${RECORD}
    <input id="card" aria-label="Card number"
      style="position:absolute;left:10px;top:20px;width:100px;height:30px">
    <select id="month" style="position:absolute;left:150px;top:20px;width:80px;height:30px">
      <option value="01">January</option><option value="02">February</option></select>
    <button id="pay-btn" onclick="record('pay')"
      style="position:absolute;left:10px;top:70px;width:90px;height:30px">Pay</button>
    <button id="covered" onclick="record('covered')"
      style="position:absolute;left:150px;top:70px;width:90px;height:30px">Hidden</button>
    <div data-testid="veil" style="position:absolute;left:140px;top:60px;width:120px;height:50px">
    </div>
    <button id="below" style="position:absolute;left:10px;top:400px;width:90px;height:30px">
      Far</button>
  </body>`,
  "/nest.html": `<body style="margin:0"><p style="margin:0">Outer</p>
    ${frameAt(`${inner}/middle.html`, 20, 30, 'title="Middle"')}</body>`,
  "/middle.html": `<body style="margin:0"><p style="margin:0">Middle</p>
    <iframe src="/leaf.html" title="Leaf" style="position:absolute;left:50px;top:40px;
      width:200px;height:100px;border:2px solid black;padding:0"></iframe></body>`,
  "/scroll.html": `<body style="margin:0"><h1 style="margin:0">Long frame</h1>
    ${frameAt(`${inner}/long.html`, 0, 100, 'title="Long"')}</body>`,
  "/long.html": `<body style="margin:0">${RECORD}<div style="height:300px">Top</div>
    <button id="deep-btn" onclick="record('deep')" style="width:90px;height:30px">Deep</button>
    <div style="height:1000px"></div></body>`,
  "/hop.html": `<body style="margin:0"><h1 style="margin:0">Hops</h1>
    ${frameAt(`${inner}/hop-inner.html?0`, 0, 100, 'title="Hop"')}</body>`,
  "/hop-inner.html": `<body style="margin:0"><p id="hop">hop</p><script>
    // Navigates itself some 30 times as soon as it is parsed, then stays.
    const n = Number(location.search.slice(1));
    document.getElementById("hop").textContent = n < 30 ? "hop " + n : "landed";
    if (n < 30) location.replace("/hop-inner.html?" + (n + 1));
  </script></body>`,
  // A rich-text editor's way (TinyMCE, CKEditor 4): an editable body in a same-origin srcdoc frame.
  "/editor.html": `<body style="margin:0"><h1 style="margin:0">Compose</h1>
    ${
    frameAt(
      "about:blank",
      0,
      60,
      `title="Rich text" srcdoc="<body contenteditable id=editor
      style='margin:0;height:150px'><p style='margin:0'>Hello</p></body>"`,
    )
  }</body>`,
  "/leaf.html": `<body style="margin:0">${RECORD}
    <button id="leaf-btn" onclick="record('leaf')"
      style="position:absolute;left:5px;top:6px;width:60px;height:20px">Leaf</button></body>`,
});

const find = async (driver: WebDriver, id: string): Promise<Element | undefined> =>
  (await driver.query()).find((e) => e.identifier === id);

const run = (driver: WebDriver, steps: Step[]) => runScenario(driver, scenario({ steps }));

/** What a frame's document recorded. */
async function clicksIn(page: Page, urlPart: string): Promise<string[]> {
  const frame = page.frames().find((f) => f.url().includes(urlPart));
  assert.ok(frame, `no frame ${urlPart}`);
  return await frame.evaluate(() => (globalThis as unknown as { clicks: string[] }).clicks);
}

Deno.test("iframes: the tree and the actions reach same-origin and cross-origin frames", async (t) => {
  await withIsolatingChromium(async (lab) => {
    await t.step("rows of both frames in page coordinates, after their iframe rows", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page }) => {
        // The inner origin really is another one, in a process of its own: the parent cannot look
        // into it.
        assert.ok(await renderers(lab) >= 2);
        assert.equal(
          await page.evaluate(() =>
            (document.querySelector("[data-testid=pay]") as HTMLIFrameElement).contentDocument
          ),
          null,
        );
        const rows = (await driver.query()).map((
          e,
        ) => [e.identifier, e.label, e.value, e.traits, e.frame]);
        assert.deepEqual(rows.slice(1), [
          [null, "Checkout", null, ["heading"], rows[1][4]],
          // The iframe's border box; its document's viewport starts 10 px in (border + padding).
          ["addr", "Address", null, ["iframe"], [40, 60, 420, 220]],
          // The label's text names the input (inside the label, which is at 5,10).
          ["street", "Street", "", ["textField"], [50 + 5 + 60, 70 + 10, 120, 24]],
          ["save", "Save", null, ["button"], [50 + 10, 70 + 60, 80, 30]],
          ["pay", "Card payment", null, ["iframe"], [40, 300, 420, 220]],
          ["card", "Card number", "", ["textField"], [60, 330, 100, 30]],
          ["month", null, "01", ["button"], [200, 330, 80, 30]],
          ["pay-btn", "Pay", null, ["button"], [60, 380, 90, 30]],
          ["covered", "Hidden", null, ["button"], [200, 380, 90, 30]],
          ["veil", null, null, ["other"], [190, 370, 120, 50]],
          // Outside the iframe's visible box: kept, off-screen (reachability decides).
          ["below", "Far", null, ["button"], [60, 710, 90, 30]],
        ]);
        // The display:none iframe and its document contribute nothing.
        assert.equal(rows.filter((r) => r[0] === "hidden-frame").length, 0);
        assert.equal(rows.filter((r) => r[0] === "save").length, 1);
      });
    });

    await t.step("a tap on a button inside each frame reaches it", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page, inner }) => {
        assert.equal(await driver.isTappable({ id: "save" }), true);
        assert.equal(await driver.isTappable({ id: "pay-btn" }), true);
        await driver.tap({ id: "save" });
        await driver.tap({ id: "pay-btn" });
        assert.deepEqual(await clicksIn(page, "/same.html"), ["save"]);
        assert.deepEqual(await clicksIn(page, `${inner}/card.html`), ["pay"]);
      });
    });

    await t.step("a cover inside a cross-origin frame is named in page coordinates", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page, inner }) => {
        assert.equal(await driver.isTappable({ id: "covered" }), false);
        await assert.rejects(
          driver.tap({ id: "covered" }),
          (e: Error) =>
            e instanceof ElementNotTappable &&
            e.message === "not tappable: covered by id=veil@[190,370,120,50]",
        );
        assert.deepEqual(await clicksIn(page, `${inner}/card.html`), []);
      });
    });

    await t.step("an element outside the frame's visible box is off-screen", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver }) => {
        assert.equal(await driver.isTappable({ id: "below" }), false);
        await assert.rejects(
          driver.tap({ id: "below" }),
          (e: Error) =>
            e instanceof ElementNotTappable && /^not tappable: off-screen/.test(e.message),
        );
      });
    });

    await t.step("a cover in the parent over the iframe is named there", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page }) => {
        await page.evaluate(() => {
          const d = document.createElement("div");
          d.id = "banner";
          d.style.cssText = "position:absolute;left:0;top:280px;width:800px;height:200px";
          document.body.append(d);
        });
        await assert.rejects(
          driver.tap({ id: "pay-btn" }),
          (e: Error) =>
            e instanceof ElementNotTappable &&
            e.message === "not tappable: covered by id=banner@[0,280,800,200]",
        );
      });
    });

    await t.step("type, delete and clear in an input inside a cross-origin frame", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver }) => {
        const typed = await run(driver, [
          { action: "tap", body: { id: "card" } },
          { action: "type", body: { text: "4242x", submit: false } },
        ]);
        assert.equal(typed.failure, null);
        assert.equal((await find(driver, "card"))?.value, "4242x");
        // The caret goes to the end inside the frame before deleting.
        const [x, y, , h] = (await find(driver, "card"))!.frame;
        await driver.tapPoint([x + 2, y + h / 2]);
        await driver.deleteText(1);
        assert.equal((await find(driver, "card"))?.value, "4242");
        const cleared = await run(driver, [{ action: "clear", body: { into: { id: "card" } } }]);
        assert.equal(cleared.failure, null);
        assert.equal((await find(driver, "card"))?.value, "");
      });
    });

    await t.step("type into a same-origin frame's input", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver }) => {
        await driver.tap({ id: "street" });
        await driver.typeText("Main St");
        assert.equal((await find(driver, "street"))?.value, "Main St");
      });
    });

    await t.step("typing with the focus on a button inside a frame fails", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page, inner }) => {
        await driver.tap({ id: "pay-btn" });
        await assert.rejects(
          driver.typeText("4242"),
          (e: Error) => e instanceof NothingFocused && e.message === "type: nothing is focused",
        );
        assert.deepEqual(await clicksIn(page, `${inner}/card.html`), ["pay"]);
      });
    });

    await t.step("a change inside a frame is never answered with the previous shot", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver, page, inner }) => {
        await driver.query();
        await driver.screenshotBytes();
        const frame = page.frames().find((f) => f.url().startsWith(inner))!;
        await frame.evaluate(() => document.getElementById("pay-btn")!.textContent = "Paid");
        await driver.query();
        await driver.screenshotBytes();
        assert.deepEqual(driver.shotStats(), { captured: 2, reused: 0 });
      });
    });

    await t.step("selectOption on a select inside a cross-origin frame", async () => {
      await withFrames(lab, PAGES, "/outer.html", async ({ driver }) => {
        await driver.selectOption({ id: "month" }, "02");
        assert.equal((await find(driver, "month"))?.value, "02");
      });
    });

    await t.step("a scroll that starts inside a frame scrolls it and waits for it", async () => {
      await withFrames(lab, PAGES, "/scroll.html", async ({ driver, page, inner }) => {
        // At 300 in a frame whose 200-px viewport is at 110: off-screen until the frame scrolls.
        assert.equal(await driver.isTappable({ id: "deep-btn" }), false);
        await driver.scroll([200, 280], [200, 80]);
        const [settle] = driver.drainSettles();
        assert.equal(settle.endedBy, "stable");
        const deep = (await find(driver, "deep-btn"))!;
        assert.equal(deep.frame[1], 110 + 300 - 200);
        await driver.tap({ id: "deep-btn" });
        assert.deepEqual(await clicksIn(page, `${inner}/long.html`), ["deep"]);
        // The page itself did not scroll: the wheel went to the frame's document.
        assert.equal(await page.evaluate(() => scrollY), 0);
      });
    });

    await t.step(
      "a frame that navigates during reads is skipped, never a failed read",
      async () => {
        await withFrames(lab, PAGES, "/hop.html", async ({ driver, page }) => {
          // The frame hops while the reads run: each read is whole for the page, and the frame's
          // rows come once it stays.
          await page.evaluate(() => {
            const frame = document.querySelector("iframe")!;
            frame.src = frame.src.replace(/\?\d+$/, "?0");
          });
          let landed = false;
          for (let reads = 0; reads < 2000 && !landed; reads++) {
            const tree = await driver.query();
            assert.equal(tree[1].label, "Hops");
            assert.equal(tree[2].label, "Hop");
            landed = tree.some((e) => e.identifier === "hop" && e.label === "landed");
          }
          assert.ok(landed, "the frame's rows after it stopped navigating");
        });
      },
    );

    await t.step("an editable body in a srcdoc frame takes typing and clear", async () => {
      await withFrames(lab, PAGES, "/editor.html", async ({ driver }) => {
        const editor = (await find(driver, "editor"))!;
        assert.deepEqual([editor.traits, editor.value], [["textView"], "Hello"]);
        assert.deepEqual(editor.frame, [10, 70, 400, 150]);
        const typed = await run(driver, [
          { action: "tap", body: { id: "editor" } },
          { action: "type", body: { text: "!", submit: false } },
        ]);
        assert.equal(typed.failure, null);
        assert.match((await find(driver, "editor"))?.value ?? "", /^Hello.*!|!.*Hello$/s);
        const cleared = await run(driver, [{ action: "clear", body: { into: { id: "editor" } } }]);
        assert.equal(cleared.failure, null);
        assert.equal((await find(driver, "editor"))?.value, "");
      });
    });

    await t.step("a nested frame: rows at the sum of the offsets, and a tap", async () => {
      await withFrames(lab, PAGES, "/nest.html", async ({ driver, page, inner }) => {
        const tree = await driver.query();
        const labels = tree.map((e) => e.label);
        assert.deepEqual(labels.slice(1), ["Outer", "Middle", "Middle", "Leaf", "Leaf"]);
        const [, , middle, , leafFrame, leaf] = tree;
        assert.deepEqual(middle.traits, ["iframe"]);
        assert.deepEqual(leafFrame.frame, [20 + 10 + 50, 30 + 10 + 40, 204, 104]);
        assert.deepEqual(leaf.frame, [20 + 10 + 50 + 2 + 5, 30 + 10 + 40 + 2 + 6, 60, 20]);
        await driver.tap({ id: "leaf-btn" });
        assert.deepEqual(await clicksIn(page, `${inner}/leaf.html`), ["leaf"]);
      });
    });
  });
});
