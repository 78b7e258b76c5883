/**
 * A web run through `runCommand` on a checkout page that embeds a cross-origin payment frame
 * (docs/backends.md#frames): the outer page is served from `127.0.0.1`, the card form from
 * `localhost` (another origin and site). The scenario types a card number, chooses a month, fixes
 * a typo with `clear`, and taps Pay, all inside the frame with plain selectors; the frame tells
 * the outer page by `postMessage`, and the scenario asserts what the outer page shows.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import { CancelSource } from "../../src/time/cancel.ts";

const page = (body: string) =>
  new Response(`<!doctype html><meta charset="utf-8">${body}`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });

/** The checkout page, embedding the card form from `payOrigin`. */
const checkout = (payOrigin: string) =>
  page(`<title>Checkout</title><h1>Checkout</h1>
<iframe src="${payOrigin}/card" title="Secure payment" data-testid="payment"
  style="width:420px;height:220px;border:2px solid #888;margin:30px"></iframe>
<p data-testid="status">Waiting for payment</p>
<script>
  addEventListener("message", (e) => {
    if (e.origin !== ${JSON.stringify(payOrigin)}) return;
    document.querySelector("[data-testid=status]").textContent =
      "Paid with card ending " + e.data.last4 + ", expires " + e.data.month;
  });
</script>`);

/** The payment frame: it can only talk to its parent by message. */
const card = () =>
  page(`<title>Card</title>
<label>Card number <input data-testid="card" inputmode="numeric"></label>
<select data-testid="month" aria-label="Expiry month">
  <option value="01">01</option><option value="07">07</option><option value="12">12</option>
</select>
<button data-testid="pay">Pay</button>
<script>
  document.querySelector("[data-testid=pay]").addEventListener("click", () => {
    const number = document.querySelector("[data-testid=card]").value;
    const month = document.querySelector("[data-testid=month]").value;
    parent.postMessage({ last4: number.slice(-4), month }, "*");
  });
</script>`);

const SCENARIOS = `- name: pay in the embedded card form
  steps:
    - type: { into: { id: card }, text: "4000 0000 0000 9999" }
    - clear: { into: { id: card } }
    - type: { into: { id: card }, text: "4242 4242 4242 4242" }
    - selectOption: { sel: { id: month }, option: "07" }
    - tap: { id: pay }
    - wait: { for: { label: "Paid with card ending 4242, expires 07" }, timeout: 10 }
    - assert:
        - value: { sel: { id: card }, equals: "4242 4242 4242 4242" }
        - label: { sel: { id: payment }, equals: "Secure payment" }
`;

Deno.test("web run: a scenario fills a cross-origin payment frame and sees the page's answer", async () => {
  const pay = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req) => new URL(req.url).pathname === "/card" ? card() : new Response("no", { status: 404 }),
  );
  const payOrigin = `http://localhost:${pay.addr.port}`;
  const shop = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req) =>
      new URL(req.url).pathname === "/" ? checkout(payOrigin) : new Response("no", { status: 404 }),
  );
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-frames-run-" });
  try {
    await Deno.mkdir(join(dir, "scenarios"));
    await Deno.writeTextFile(join(dir, "scenarios/pay.yaml"), SCENARIOS);
    await Deno.writeTextFile(
      join(dir, "bajutsu.config.yaml"),
      `targets:
  web:
    platform: web
    baseUrl: http://127.0.0.1:${shop.addr.port}/
    browser: chromium
    scenarios: scenarios
    idNamespaces: []
`,
    );
    const lines: string[] = [];
    const code = await runCommand({
      configPath: join(dir, "bajutsu.config.yaml"),
      scenarios: [],
      tags: [],
      exclude: [],
      runsDir: join(dir, "runs"),
      workers: 1,
    }, {
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
      progress: { line: (l) => lines.push(l), live: (l) => lines.push(l) },
      env: () => undefined,
      cwd: Deno.cwd(),
      color: false,
      cancel: new CancelSource(),
    });
    assert.equal(code, 0, lines.join("\n"));
    const manifestPath = lines.at(-1)!.replace(/^PASS {2}/, "");
    const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
    const [paid] = manifest.scenarios;
    assert.equal(paid.ok, true, paid.failure);
    assert.equal(paid.steps.length, 7);
  } finally {
    await shop.shutdown();
    await pay.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
