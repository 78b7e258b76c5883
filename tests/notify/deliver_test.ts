import assert from "node:assert/strict";
import { deliver, type DeliveryOptions } from "../../src/notify/deliver.ts";
import { FakeClock } from "../../src/time/clock.ts";
import type { Deadline, DeadlineFactory } from "../../src/time/deadline.ts";

/** Deadlines that never pass on their own; `expire()` passes every open one. */
function manualDeadlines(): DeadlineFactory & { expire(): void; asked: number[] } {
  const open = new Set<AbortController>();
  const asked: number[] = [];
  const factory = ((seconds: number): Deadline => {
    asked.push(seconds);
    const c = new AbortController();
    open.add(c);
    return { signal: c.signal, dispose: () => open.delete(c) };
  }) as DeadlineFactory & { expire(): void; asked: number[] };
  factory.expire = () => {
    for (const c of open) c.abort(new DOMException("deadline passed", "TimeoutError"));
  };
  factory.asked = asked;
  return factory;
}

function options(over: Partial<DeliveryOptions>): DeliveryOptions {
  return {
    fetch: () => Promise.resolve(new Response("ok")),
    clock: new FakeClock(),
    deadline: manualDeadlines(),
    attemptTimeoutS: 5,
    budgetS: 10,
    retries: 2,
    backoffS: 0.5,
    ...over,
  };
}

/** A fetch that answers each call with the next status and records what it was sent. */
function scripted(statuses: (number | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = statuses[calls.length - 1] ?? 200;
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(new Response("body", { status: next }));
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

Deno.test("deliver: one POST of the JSON body when the receiver answers 2xx", async () => {
  const { fetch, calls } = scripted([200]);
  const r = await deliver("https://hooks.example/x", { text: "hi" }, options({ fetch }));
  assert.deepEqual(r, { ok: true, attempts: 1 });
  assert.equal(calls[0].init.method, "POST");
  assert.equal(calls[0].init.body, JSON.stringify({ text: "hi" }));
  assert.deepEqual(calls[0].init.headers, { "content-type": "application/json" });
});

Deno.test("deliver: 5xx, 429 and network errors are retried with doubling pauses", async () => {
  const clock = new FakeClock();
  const { fetch, calls } = scripted([503, new TypeError("boom"), 200]);
  const r = await deliver("https://h/x", {}, options({ fetch, clock }));
  assert.deepEqual(r, { ok: true, attempts: 3 });
  assert.equal(calls.length, 3);
  assert.deepEqual(clock.sleeps, [0.5, 1]);

  const limited = scripted([429, 429, 429, 429]);
  const gaveUp = await deliver("https://h/x", {}, options({ fetch: limited.fetch }));
  assert.deepEqual(gaveUp, { ok: false, attempts: 3, reason: "HTTP 429" });
  assert.equal(limited.calls.length, 3);
});

Deno.test("deliver: a 4xx other than 429 is not retried", async () => {
  const { fetch, calls } = scripted([404, 200]);
  const r = await deliver("https://h/x", {}, options({ fetch }));
  assert.deepEqual(r, { ok: false, attempts: 1, reason: "HTTP 404" });
  assert.equal(calls.length, 1);
});

Deno.test("deliver: a network error's reason names its class, never its message (it quotes the URL)", async () => {
  const url = "https://hooks.example/services/SECRET";
  const { fetch } = scripted(
    [0, 0, 0].map(() => new TypeError(`error sending request for ${url}`)),
  );
  const r = await deliver(url, {}, options({ fetch }));
  assert.deepEqual(r, { ok: false, attempts: 3, reason: "connection failed (TypeError)" });
});

Deno.test("deliver: Retry-After sets the pause, capped by what is left of the budget", async () => {
  const clock = new FakeClock();
  let n = 0;
  const fetch = (() =>
    Promise.resolve(
      n++ === 0
        ? new Response("", { status: 429, headers: { "retry-after": "3" } })
        : new Response("", { status: 429, headers: { "retry-after": "60" } }),
    )) as unknown as typeof globalThis.fetch;
  const r = await deliver("https://h/x", {}, options({ fetch, clock }));
  assert.equal(r.ok, false);
  // 3 s as asked, then the 7 s left of the 10 s budget instead of 60.
  assert.deepEqual(clock.sleeps, [3, 7]);
});

Deno.test("deliver: an attempt that never answers ends at its deadline; the budget bounds the whole", async () => {
  const clock = new FakeClock();
  const deadlines = manualDeadlines();
  let calls = 0;
  // A receiver that never answers, and a fetch that ignores its abort signal: the deadline still
  // ends the attempt. Each attempt costs 4 s of the fake clock (or its whole deadline, when
  // shorter) before it expires.
  const fetch = (() => {
    calls++;
    clock.advance(Math.min(4, deadlines.asked.at(-1)!));
    queueMicrotask(() => deadlines.expire());
    return new Promise<Response>(() => {});
  }) as unknown as typeof globalThis.fetch;
  const r = await deliver(
    "https://h/x",
    {},
    options({ fetch, clock, deadline: deadlines, budgetS: 10 }),
  );
  assert.equal(r.ok, false);
  assert.equal(calls, 3);
  // 4 s + 0.5 s pause + 4 s + 1 s pause leave 0.5 s of the 10 s budget for the last attempt.
  assert.deepEqual(deadlines.asked, [5, 5, 0.5]);
  assert.equal(clock.now(), 10);
  assert.deepEqual(r, { ok: false, attempts: 3, reason: "no answer within 0.5s" });
});

Deno.test("deliver: nothing is attempted when the budget is already spent", async () => {
  const { fetch, calls } = scripted([200]);
  const r = await deliver("https://h/x", {}, options({ fetch, budgetS: 0 }));
  assert.deepEqual(r, { ok: false, attempts: 0, reason: "no attempt fitted in the time allowed" });
  assert.equal(calls.length, 0);
});
