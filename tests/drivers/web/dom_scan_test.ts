/**
 * The web element tree: the role → trait table (pure) and a real page scanned by the driver
 * (ids, labels, values, state traits, skipped hidden nodes, CSS-pixel frames).
 */
import assert from "node:assert/strict";
import {
  decodeScan,
  decodeScanReply,
  DEFAULT_TEST_ID_ATTRIBUTE,
  FLAG_TEXT,
  MAX_LABEL,
  pageScan,
  type ScanArgs,
  type ScanReply,
  type ScanRow,
  traitsOf,
  typeTrait,
} from "../../../src/drivers/web/dom_scan.ts";
import { DeviceError } from "../../../src/drivers/driver.ts";
import { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import { seededRandom } from "../../../src/time/random.ts";
import { withChromium, withPage, withServer } from "./fixture.ts";

Deno.test("role and tag names map to the shared trait vocabulary", () => {
  const table: Record<string, string> = {
    a: "link",
    link: "link",
    button: "button",
    select: "button",
    combobox: "button",
    listbox: "button",
    input: "textField",
    textbox: "textField",
    spinbutton: "textField",
    searchbox: "searchField",
    textarea: "textView",
    checkbox: "switch",
    radio: "switch",
    switch: "switch",
    option: "cell",
    menuitem: "cell",
    menuitemradio: "cell",
    tab: "tab",
    dialog: "dialog",
    img: "image",
    editable: "textView",
    generic: "other",
    heading: "heading",
    cell: "cell",
  };
  for (const [role, trait] of Object.entries(table)) assert.equal(typeTrait(role), trait, role);
});

Deno.test("state flags add secureTextField, notEnabled and selected after the type", () => {
  assert.deepEqual(traitsOf("input", 0b111), [
    "textField",
    "secureTextField",
    "notEnabled",
    "selected",
  ]);
  assert.deepEqual(traitsOf("button", 0b010), ["button", "notEnabled"]);
  assert.deepEqual(traitsOf("tab", 0), ["tab"]);
  // A generic element with text of its own is static text; without, a plain container.
  assert.deepEqual(traitsOf("generic", FLAG_TEXT), ["staticText"]);
  assert.deepEqual(traitsOf("generic", 0), ["other"]);
  assert.deepEqual(traitsOf("button", FLAG_TEXT), ["button"]);
});

Deno.test("decodeScan turns rows into elements in order", () => {
  const reply: ScanReply = {
    gen: 0,
    full: true,
    items: [["a.b", "button", "OK", null, 2, 1, 2, 3, 4]],
  };
  const tree = decodeScan(JSON.stringify(reply));
  assert.deepEqual(tree, [{
    identifier: "a.b",
    label: "OK",
    value: null,
    traits: ["button", "notEnabled"],
    frame: [1, 2, 3, 4],
    nativeZ: null,
  }]);
});

const row = (id: string, y = 0): ScanRow => [id, "button", id, null, 0, 0, y, 10, 10];

Deno.test("a delta reply copies runs of the previous rows and adds the new ones", () => {
  const previous = [row("a"), row("b"), row("c"), row("d")];
  const reply: ScanReply = { gen: 7, full: false, items: [[0, 2], row("new"), [3, 1], [2, 1]] };
  assert.deepEqual(decodeScanReply(JSON.stringify(reply), previous), {
    gen: 7,
    rows: [row("a"), row("b"), row("new"), row("d"), row("c")],
  });
  const full: ScanReply = { gen: 8, full: true, items: [row("x")] };
  assert.deepEqual(decodeScanReply(JSON.stringify(full), previous), { gen: 8, rows: [row("x")] });
  const outside: ScanReply = { gen: 9, full: false, items: [[3, 2]] };
  assert.throws(() => decodeScanReply(JSON.stringify(outside), previous), /rows 3\+2 of 4/);
});

const PAGE = `<!doctype html><html><body style="margin:0">
<button data-testid="home.save" style="position:absolute;left:10px;top:20px;width:100px;height:30px">
    Save
    draft
</button>
<a href="#x" style="position:absolute;left:10px;top:60px">Read more</a>
<input data-testid="login.user" value="alice" style="position:absolute;left:10px;top:100px">
<input data-testid="login.pass" type="password" value="s3cret" style="position:absolute;left:10px;top:130px">
<input data-testid="login.empty" aria-label="Empty field" style="position:absolute;left:10px;top:160px">
<textarea data-testid="note" style="position:absolute;left:300px;top:10px">hello</textarea>
<select data-testid="color" disabled style="position:absolute;left:300px;top:80px"><option value="r">Red</option></select>
<div role="switch" aria-checked="true" data-testid="wifi" style="position:absolute;left:300px;top:120px;width:40px;height:20px"></div>
<div role="tab" aria-selected="true" aria-disabled="true" style="position:absolute;left:300px;top:150px;width:40px;height:20px">Tab A</div>
<input type="checkbox" data-testid="agree" checked style="position:absolute;left:300px;top:180px">
<input type="checkbox" data-testid="consent" style="position:absolute;left:330px;top:180px">
<div role="searchbox" aria-label="q" data-testid="" style="position:absolute;left:300px;top:210px;width:40px;height:20px">query</div>
<button data-testid="gone.none" style="display:none">Hidden</button>
<div style="display:none"><button data-testid="gone.parent">Inside hidden</button></div>
<button data-testid="gone.visibility" style="visibility:hidden">Invisible</button>
<span data-testid="gone.empty"></span>
<button data-testid="far.away" style="position:absolute;left:10px;top:2000px">Below the fold</button>
<p style="position:absolute;left:10px;top:300px;margin:0">Plain text is <b>static</b> text</p>
</body></html>`;

Deno.test("query on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("maps ids, labels, values, traits and frames; skips hidden nodes", async () => {
      await withPage(lab, PAGE, async ({ driver }) => {
        const tree = await driver.query();
        const byId = new Map(tree.map((e) => [e.identifier ?? e.label, e]));
        assert.deepEqual(
          tree.map((e) => e.identifier ?? `label:${e.label}`),
          [
            "page",
            "home.save",
            "label:Read more",
            "login.user",
            "login.pass",
            "login.empty",
            "note",
            "color",
            "wifi",
            "label:Tab A",
            "agree",
            "consent",
            "label:q",
            "far.away",
            "label:Plain text is static text",
          ],
        );
        const save = byId.get("home.save")!;
        assert.equal(save.label, "Save draft");
        assert.equal(save.value, null);
        assert.deepEqual(save.traits, ["button"]);
        assert.deepEqual(save.frame, [10, 20, 100, 30]);
        assert.deepEqual(byId.get("Read more")!.traits, ["link"]);
        assert.equal(byId.get("login.user")!.value, "alice");
        assert.equal(byId.get("login.user")!.label, null);
        assert.deepEqual(byId.get("login.pass")!.traits, ["textField", "secureTextField"]);
        assert.equal(byId.get("login.empty")!.label, "Empty field");
        // An empty text field reads "", not null: it is a field, and it is empty.
        assert.equal(byId.get("login.empty")!.value, "");
        assert.deepEqual(byId.get("note")!.traits, ["textView"]);
        assert.equal(byId.get("note")!.value, "hello");
        assert.deepEqual(byId.get("color")!.traits, ["button", "notEnabled"]);
        // A select is named by its label, not by the text of its options.
        assert.equal(byId.get("color")!.label, null);
        assert.equal(byId.get("color")!.value, "r");
        assert.deepEqual(byId.get("wifi")!.traits, ["switch", "selected"]);
        assert.deepEqual(byId.get("Tab A")!.traits, ["tab", "notEnabled", "selected"]);
        // A checkbox input is a switch whose value reads its state, not its form value "on".
        assert.deepEqual(byId.get("agree")!.traits, ["switch", "selected"]);
        assert.equal(byId.get("agree")!.value, "on");
        assert.equal(byId.get("consent")!.value, "off");
        assert.deepEqual(byId.get("q")!.traits, ["searchField"]);
        // A text field's name never comes from its content.
        assert.equal(byId.get("q")!.label, "q");
        assert.equal(byId.get("q")!.identifier, null);
        assert.equal(byId.get("far.away")!.frame[1], 2000);
        assert.ok(tree.every((e) => e.nativeZ === null));
        const root = byId.get("page")!;
        assert.deepEqual(root.traits, ["window"]);
        assert.deepEqual(root.frame, [0, 0, 800, 600]);
        assert.equal(root.value, "about:blank");
        const plain = byId.get("Plain text is static text")!;
        assert.deepEqual([plain.traits, plain.identifier], [["staticText"], null]);
      });
    });

    await t.step("labels come from aria-label first; long text is capped at 200", async () => {
      const long = "abcdefghij".repeat(50);
      await withPage(
        lab,
        `<button aria-label="  Close dialog ">×</button><div role="note">${long}</div>`,
        async ({ driver }) => {
          const [, close, note] = await driver.query();
          assert.equal(close.label, "Close dialog");
          assert.equal(note.label, long.slice(0, 200));
        },
      );
    });

    await t.step(
      "the incremental transport: runs for unchanged rows, full on a mismatch",
      async () => {
        const list = Array.from({ length: 50 }, (_, i) => `<li role="row">Row ${i}</li>`).join("");
        await withPage(lab, `<ul>${list}</ul>`, async ({ page }) => {
          const scan = async (args: Partial<ScanArgs>) =>
            JSON.parse(
              await page.evaluate(pageScan, {
                testId: DEFAULT_TEST_ID_ATTRIBUTE,
                maxLabel: MAX_LABEL,
                ...args,
              }),
            ) as ScanReply;
          const first = await scan({ session: "a", base: 0 });
          assert.equal(first.full, true);
          assert.equal(first.items.length, 51);
          const same = await scan({ session: "a", base: first.gen });
          assert.deepEqual(same, { gen: first.gen + 1, full: false, items: [[0, 51]] });
          await page.evaluate(() => {
            const li = document.createElement("li");
            li.setAttribute("role", "row");
            li.textContent = "Inserted";
            li.style.height = "0";
            li.style.overflow = "hidden";
            document.querySelector("li:nth-child(11)")!.before(li);
            document.querySelector("li:nth-child(31)")!.textContent = "Changed";
          });
          // The inserted row has no area, so nothing moves; one label changed.
          const changed = await scan({ session: "a", base: same.gen });
          assert.equal(changed.full, false);
          assert.deepEqual(changed.items.filter((i) => i.length === 2), [[0, 30], [31, 20]]);
          assert.equal((changed.items[1] as ScanRow)[2], "Changed");
          // Another driver's token, a stale base, or no token at all: a full reply.
          assert.equal((await scan({ session: "b", base: changed.gen })).full, true);
          assert.equal((await scan({ session: "b", base: 1 })).full, true);
          assert.equal((await scan({})).full, true);
        });
      },
    );

    await t.step("two drivers on one page never decode each other's deltas", async () => {
      await withPage(lab, null, async ({ driver: first, page }) => {
        const second = new WebDriver({ page, engine: "chromium" });
        const doc = (label: string) =>
          `<body>${
            Array.from({ length: 5 }, (_, i) => `<button>${label} ${i}</button>`).join("")
          }</body>`;
        await page.setContent(doc("one"));
        for (let i = 0; i < 3; i++) await first.query();
        // A new document restarts the page's record of the last scan; the second driver then
        // reaches the generation the first one holds, on other rows.
        await page.goto("about:blank");
        await page.setContent(doc("two"));
        for (let i = 0; i < 3; i++) await second.query();
        const labels = async (d: WebDriver) => (await d.query()).slice(1).map((e) => e.label);
        const expected = ["two 0", "two 1", "two 2", "two 3", "two 4"];
        assert.deepEqual(await labels(first), expected);
        assert.deepEqual(await labels(second), expected);
      }, { fresh: true });
    });

    await t.step("a driver's reads equal full scans across random mutations", async () => {
      const list = Array.from({ length: 40 }, (_, i) => `<button>B${i}</button>`).join("");
      await withPage(lab, `<div id="box">${list}</div>`, async ({ driver, page }) => {
        const random = seededRandom(5);
        for (let round = 0; round < 25; round++) {
          const op = Math.floor(random() * 4);
          const at = Math.floor(random() * 30);
          await page.evaluate(({ op, at, round }) => {
            const box = document.getElementById("box")!;
            const target = box.children[at] as HTMLElement | undefined;
            if (op === 0) box.insertAdjacentHTML("afterbegin", `<a href="#">New ${round}</a>`);
            else if (op === 1) target?.remove();
            else if (op === 2 && target) target.textContent = `Edit ${round}`;
            else if (target) target.style.marginLeft = `${round}px`;
          }, { op, at, round });
          const full = decodeScan(
            await page.evaluate(pageScan, {
              testId: DEFAULT_TEST_ID_ATTRIBUTE,
              maxLabel: MAX_LABEL,
            }),
          );
          assert.deepEqual(await driver.query(), full, `round ${round}, op ${op} at ${at}`);
        }
      });
    });

    await t.step("a read of a document still without a body waits until it is parsed", async () => {
      let release = () => {};
      const rest = new Promise<void>((resolve) => release = resolve);
      const enc = new TextEncoder();
      // The page reports when a DOMContentLoaded listener appears (the waiting read's), and only
      // then does the server send the body: the read is known to start on a bodiless page.
      const reportWaiting = () => {
        const add = document.addEventListener.bind(document);
        document.addEventListener = (type: string, ...more: unknown[]) => {
          if (type === "DOMContentLoaded") fetch("/waiting");
          return (add as (...a: unknown[]) => void)(type, ...more);
        };
      };
      const head = "<!doctype html><html><head><title>slow</title>";
      await withServer({
        "/waiting": () => {
          release();
          return new Response("ok");
        },
        "/slow": () =>
          new Response(
            new ReadableStream({
              async start(c) {
                c.enqueue(enc.encode(head));
                await rest;
                c.enqueue(enc.encode("</head><body><button data-testid='late'>Late</button>"));
                c.close();
              },
            }),
            { headers: { "content-type": "text/html" } },
          ),
      }, async (base) => {
        await withPage(lab, null, async ({ driver, page }) => {
          try {
            await page.addInitScript(reportWaiting);
            await page.goto(`${base}/slow`, { waitUntil: "commit" });
            assert.deepEqual((await driver.query()).map((e) => e.identifier), ["page", "late"]);
          } finally {
            release();
          }
        }, { fresh: true });
      });
    });

    await t.step(
      "a reply the host cannot decode is a device error; the next read is full",
      async () => {
        await withPage(lab, `<button>A</button><button>B</button>`, async ({ driver, page }) => {
          assert.equal((await driver.query()).length, 3);
          // Shift the page's copy of the previous rows: its runs now point past the host's rows.
          await page.evaluate(() => {
            const store = (globalThis as unknown as Record<symbol, { rows: string[] }>)[
              Symbol.for("bajutsu.scan")
            ];
            store.rows = ["junk", ...store.rows];
          });
          await assert.rejects(driver.query(), (err: Error) => {
            assert.ok(err instanceof DeviceError);
            assert.match(err.message, /scan reply copies rows 1\+3 of 3/);
            return true;
          });
          assert.deepEqual((await driver.query()).slice(1).map((e) => e.label), ["A", "B"]);
        });
      },
    );

    await t.step("a scan sees the page as it is now (fresh read each time)", async () => {
      await withPage(lab, `<button data-testid="a">A</button>`, async ({ driver, page }) => {
        assert.equal((await driver.query()).length, 2);
        await page.evaluate(() =>
          document.body.insertAdjacentHTML("beforeend", "<a href='#'>B</a>")
        );
        assert.deepEqual((await driver.query()).slice(1).map((e) => e.label), ["A", "B"]);
      });
    });
  });
});

Deno.test("a row the page reports unchanged is the same frozen element on the next read", async () => {
  await withChromium(async (lab) => {
    await withPage(
      lab,
      `<button data-testid="a">A</button><button data-testid="b">B</button>`,
      async ({ driver, page }) => {
        const first = await driver.query();
        await page.evaluate(() => document.querySelector("[data-testid=b]")!.textContent = "B2");
        const second = await driver.query();
        const a1 = first.find((e) => e.identifier === "a")!;
        const a2 = second.find((e) => e.identifier === "a")!;
        const b2 = second.find((e) => e.identifier === "b")!;
        assert.equal(a2, a1, "unchanged: the same element, not a copy");
        assert.notEqual(b2, first.find((e) => e.identifier === "b"));
        assert.equal(b2.label, "B2");
        // Shared by every read that saw it, so nobody may change it.
        assert.ok(Object.isFrozen(a1) && Object.isFrozen(a1.frame) && Object.isFrozen(a1.traits));
      },
    );
  });
});
