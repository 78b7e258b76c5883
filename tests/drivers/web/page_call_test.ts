/**
 * Page functions called over CDP: the expression (named functions kept in the document's
 * registry, anonymous ones evaluated in place), the lookup-only call of a named function, and real
 * calls on Chromium (values, promises, page errors, one definition per document, the source sent
 * only to a document that lacks it).
 */
import assert from "node:assert/strict";
import type { CDPSession } from "playwright-core";
import {
  cdpPageCall,
  MISSING_FUNCTION,
  PAGE_FUNCTIONS_KEY,
  PageCallees,
  pageCallExpression,
  pageLookupExpression,
} from "../../../src/drivers/web/page_call.ts";
import { withChromium, withPage } from "./fixture.ts";

function double(n: number): number {
  return n * 2;
}

function countCalls(): number {
  const g = globalThis as unknown as { calls?: number };
  return g.calls = (g.calls ?? 0) + 1;
}

function pageThrows(message: string): never {
  throw new Error(message);
}

Deno.test("pageCallExpression keeps named functions in the registry and inlines anonymous ones", () => {
  const named = pageCallExpression(double, 21);
  assert.ok(named.includes(`Symbol.for(${JSON.stringify(PAGE_FUNCTIONS_KEY)})`));
  assert.match(named, /\["double:[0-9a-z]+"\] \?\?= \(function double/);
  assert.ok(named.endsWith("(21)"));
  // Functions that share a name never share a slot.
  const other = { double: (n: number) => n + n }.double;
  const slot = (e: string) => /\["(double:[0-9a-z]+)"\]/.exec(e)?.[1];
  assert.notEqual(slot(pageCallExpression(other, 1)), slot(named));
  // Array elements get no inferred name: evaluated in place.
  const [one, pick] = [() => 1, (a: { s: string }) => a.s];
  assert.equal(pageCallExpression(one, undefined), `(${one.toString()})()`);
  assert.equal(pageCallExpression(pick, { s: 'q"x' }), `(${pick.toString()})({"s":"q\\"x"})`);
});

Deno.test("PageCallees builds a callee once per owner and gives the uncached text", () => {
  const callees = new PageCallees();
  let reads = 0;
  const counted = {
    toString() {
      reads++;
      return "function counted(a) { return a; }";
    },
  } as unknown as (a: number) => number;
  Object.defineProperty(counted, "name", { value: "counted" });
  const first = pageCallExpression(counted, 1, callees);
  assert.equal(pageCallExpression(counted, 2, callees), first.replace(/\(1\)$/, "(2)"));
  assert.equal(reads, 1, "stringified once for this owner");
  assert.equal(pageCallExpression(counted, 1), first, "the same text without a cache");
  assert.equal(pageCallExpression(counted, 1, new PageCallees()), first);
  assert.equal(reads, 3, "another owner builds its own");
});

function tripled(n: number): number {
  return n * 3;
}

Deno.test("pageLookupExpression calls a defined function without its source, else answers missing", () => {
  const lookup = pageLookupExpression(tripled, 4)!;
  assert.ok(!lookup.includes("n * 3"), "the lookup carries no function source");
  assert.equal(pageLookupExpression(() => 1, undefined), null, "anonymous: no lookup");
  const registry = Symbol.for(PAGE_FUNCTIONS_KEY);
  const global = globalThis as unknown as Record<symbol, unknown>;
  const saved = global[registry];
  delete global[registry];
  try {
    const evaluate = (expression: string) => (0, eval)(expression);
    assert.equal(evaluate(lookup), MISSING_FUNCTION, "no registry yet");
    assert.equal(evaluate(pageCallExpression(tripled, 4)), 12, "the defining call");
    assert.equal(evaluate(lookup), 12, "now found by lookup");
    assert.equal(evaluate(pageLookupExpression(tripled, 5, new PageCallees())!), 15);
    assert.equal(evaluate(pageLookupExpression(double, 1)!), MISSING_FUNCTION, "other slot");
  } finally {
    if (saved === undefined) delete global[registry];
    else global[registry] = saved;
  }
});

/** A CDP session that records the expressions it is asked to evaluate. */
function recording(cdp: CDPSession): { session: CDPSession; sent: string[] } {
  const sent: string[] = [];
  const session = {
    send: (method: string, params: { expression: string }) => {
      sent.push(params.expression);
      return cdp.send(method as "Runtime.evaluate", params);
    },
  } as unknown as CDPSession;
  return { session, sent };
}

Deno.test("cdpPageCall on a real page", async (t) => {
  await withChromium(async (lab) => {
    await t.step("returns values, awaits promises, undefined stays undefined", async () => {
      await withPage(lab, "<p>x</p>", async ({ page }) => {
        const cdp = await page.context().newCDPSession(page);
        assert.equal(await cdpPageCall(cdp, double, 21), 42);
        assert.deepEqual(
          await cdpPageCall(cdp, (a: { n: number }) => Promise.resolve([a.n, "ok"]), { n: 3 }),
          [3, "ok"],
        );
        assert.equal(await cdpPageCall(cdp, () => undefined, undefined), undefined);
        await cdp.detach();
      });
    });

    await t.step("a page error becomes an Error with the page's message", async () => {
      await withPage(lab, "<p>x</p>", async ({ page }) => {
        const cdp = await page.context().newCDPSession(page);
        await assert.rejects(cdpPageCall(cdp, pageThrows, "no such row"), /no such row/);
        await cdp.detach();
      });
    });

    await t.step("a named function is defined once per document, then only called", async () => {
      await withPage(lab, "<p>x</p>", async ({ page }) => {
        const cdp = await page.context().newCDPSession(page);
        assert.equal(await cdpPageCall(cdp, countCalls, undefined), 1);
        // Later calls take the registry's entry instead of evaluating the source again.
        await page.evaluate((key) => {
          const registry = (globalThis as unknown as Record<symbol, Record<string, unknown>>)[
            Symbol.for(key)
          ];
          for (const slot of Object.keys(registry)) registry[slot] = () => "kept";
        }, PAGE_FUNCTIONS_KEY);
        assert.equal(await cdpPageCall(cdp, countCalls, undefined), "kept");
        // A new document starts an empty registry.
        await page.goto("about:blank");
        assert.equal(await cdpPageCall(cdp, countCalls, undefined), 1);
        assert.equal(await cdpPageCall(cdp, countCalls, undefined), 2);
        await cdp.detach();
      });
    });

    await t.step("the source goes only to a document that lacks the function", async () => {
      await withPage(lab, "<p>x</p>", async ({ page }) => {
        const cdp = await page.context().newCDPSession(page);
        const { session, sent } = recording(cdp);
        const callees = new PageCallees();
        const source = "g.calls = (g.calls ?? 0) + 1";
        const carriesSource = () => sent.map((e) => e.includes(source));
        assert.equal(await cdpPageCall(session, countCalls, undefined, callees), 1);
        assert.deepEqual(carriesSource(), [false, true], "lookup missed, then defined");
        sent.length = 0;
        assert.equal(await cdpPageCall(session, countCalls, undefined, callees), 2);
        assert.deepEqual(carriesSource(), [false], "one lookup, no source");
        sent.length = 0;
        await page.goto("about:blank");
        assert.equal(await cdpPageCall(session, countCalls, undefined, callees), 1);
        assert.deepEqual(carriesSource(), [false, true], "a new document gets the source again");
        sent.length = 0;
        // An anonymous function has no registry slot: one inline call.
        assert.equal(await cdpPageCall(session, () => 7, undefined, callees), 7);
        assert.equal(sent.length, 1);
        await cdp.detach();
      });
    });
  });
});
