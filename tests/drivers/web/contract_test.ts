/**
 * The driver contract on the web backend: the contract screen as an HTML page served on
 * loopback, opened through the web environment (a fresh context per subject, relaunch = load the
 * page again) in one real headless Chromium.
 */
import {
  type ContractElement,
  type ContractScreen,
  type ContractSubject,
  HOLD_THRESHOLD_S,
  runDriverContract,
} from "../contract.ts";
import type { Frame } from "../../../src/drivers/driver.ts";
import { createWebFactory } from "../../../src/drivers/web/environment.ts";
import type { WebDriver } from "../../../src/drivers/web/web_driver.ts";
import { type Lab, startRequest, webEffective, withChromium } from "./fixture.ts";

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function place([x, y, w, h]: Frame): string {
  return `left:${x}px;top:${y}px;width:${w}px;height:${h}px`;
}

/** `onclick`-style handlers that add one to a counter. */
function handlers(e: Extract<ContractElement, { kind: "button" }>): string {
  const bump = (counter: string) => `bump(${escape(JSON.stringify(counter))})`;
  const out: string[] = [];
  if (e.onTap) out.push(`onclick="${bump(e.onTap)}"`);
  if (e.onDoubleTap) out.push(`ondblclick="${bump(e.onDoubleTap)}"`);
  if (e.onLongPress) {
    out.push(`onmousedown="this.down=performance.now()"`);
    out.push(
      `onmouseup="if(performance.now()-this.down>=${HOLD_THRESHOLD_S * 1000})${
        bump(e.onLongPress)
      }"`,
    );
  }
  return out.join(" ");
}

function renderElement(e: ContractElement): string {
  const id = (value: string | null) => value === null ? "" : ` data-testid="${escape(value)}"`;
  switch (e.kind) {
    case "button":
      return `<button class="c"${id(e.id)} style="${place(e.frame)}" ${handlers(e)}>${
        escape(e.label)
      }</button>`;
    case "counter":
      return `<span class="c"${id(e.id)} style="${place(e.frame)}">0</span>`;
    case "textField":
      return `<input class="c"${id(e.id)} aria-label="${escape(e.label)}" style="${
        place(e.frame)
      }">`;
    case "overlay":
      return `<div class="c veil"${id(e.id)} style="${place(e.frame)}"></div>`;
    case "list": {
      const rows = Array.from(
        { length: e.rows },
        (_, i) =>
          `<div class="row"${id(`${e.id}.row${i}`)} role="row" style="top:${
            i * e.rowHeight
          }px;height:${e.rowHeight}px">Row ${i}</div>`,
      );
      return `<div class="c list"${id(e.id)} style="${place(e.frame)}">${rows.join("")}</div>`;
    }
  }
}

/** The contract screen as a page: absolutely placed elements, counters bumped by handlers. */
export function contractPage(screen: ContractScreen): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; overflow: hidden; }
.c { position: absolute; margin: 0; padding: 0; border: 0; box-sizing: border-box; display: block; font: 14px sans-serif; }
.veil { background: rgba(0, 0, 0, 0.3); }
.list { overflow: auto; scrollbar-width: none; }
.row { position: absolute; left: 0; width: 100%; box-sizing: border-box; }
</style></head><body>
${screen.elements.map(renderElement).join("\n")}
<script>
function bump(id) {
  const el = document.querySelector('[data-testid="' + id + '"]');
  el.textContent = String(Number(el.textContent) + 1);
}
</script>
</body></html>`;
}

/** Subjects on the lab's browser: a loopback server, a web factory, one lease. */
function opener(lab: Lab): (screen: ContractScreen) => Promise<ContractSubject> {
  return async (screen) => {
    const page = contractPage(screen);
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    const [width, height] = screen.size;
    const eff = webEffective({
      baseUrl: `http://127.0.0.1:${server.addr.port}/`,
      viewport: { width, height },
    });
    const factory = await createWebFactory(eff, { browser: lab.browser, engine: "chromium" });
    const env = await factory.create("web-0", "playwright");
    const driver = await env.start(startRequest());
    return {
      driver,
      relaunch: () => env.relaunch!({}),
      kill: async () => {
        const page = (driver as WebDriver).page;
        const crashed = new Promise((resolve) => page.once("crash", resolve));
        await page.goto("chrome://crash").catch(() => {});
        await crashed;
      },
      teardown: async () => {
        await env.teardown();
        await factory.close();
        await server.shutdown();
      },
    };
  };
}

Deno.test("the web driver keeps the driver contract (real Chromium)", async (t) => {
  await withChromium((lab) => runDriverContract(t, opener(lab)));
});
