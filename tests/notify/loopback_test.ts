/**
 * deliver against a real loopback receiver: status codes, retries, and a receiver that never
 * answers (the attempt ends at its deadline, expired by the test once the request arrived).
 */
import assert from "node:assert/strict";
import { deliver, type DeliveryOptions } from "../../src/notify/deliver.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { type DeadlineFactory, timerDeadline } from "../../src/time/deadline.ts";

/** A receiver on 127.0.0.1 answering each request with the next of `answers`. */
function receiver(answers: (number | "hang")[]) {
  const bodies: string[] = [];
  let release = () => {};
  const hung = new Promise<void>((r) => release = r);
  let arrived = () => {};
  const firstArrival = new Promise<void>((r) => arrived = r);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    bodies.push(await req.text());
    arrived();
    const a = answers[bodies.length - 1] ?? 200;
    if (a === "hang") {
      await hung;
      return new Response("late");
    }
    return new Response("answer", { status: a });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/services/T0/B0/secret`,
    bodies,
    firstArrival,
    async [Symbol.asyncDispose]() {
      release();
      await server.shutdown();
    },
  };
}

function options(over: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return {
    fetch: globalThis.fetch,
    clock: new FakeClock(),
    deadline: timerDeadline,
    attemptTimeoutS: 5,
    budgetS: 10,
    retries: 2,
    backoffS: 0.5,
    ...over,
  };
}

Deno.test("loopback: 503, 503, then 200 is delivered on the third attempt", async () => {
  await using r = receiver([503, 503, 200]);
  const clock = new FakeClock();
  const result = await deliver(r.url, { text: "FAIL" }, options({ clock }));
  assert.deepEqual(result, { ok: true, attempts: 3 });
  assert.deepEqual(r.bodies, Array(3).fill('{"text":"FAIL"}'));
  assert.deepEqual(clock.sleeps, [0.5, 1]);
});

Deno.test("loopback: a 400 is given up at once", async () => {
  await using r = receiver([400]);
  assert.deepEqual(await deliver(r.url, {}, options()), {
    ok: false,
    attempts: 1,
    reason: "HTTP 400",
  });
});

Deno.test("loopback: a receiver that never answers is abandoned at the deadline", async () => {
  await using r = receiver(["hang", "hang", "hang"]);
  // The deadline passes as soon as the receiver holds the request: no wall-clock wait.
  const deadline: DeadlineFactory = (seconds) => {
    const real = timerDeadline(seconds);
    const c = new AbortController();
    real.signal.addEventListener("abort", () => c.abort(real.signal.reason));
    r.firstArrival.then(() => c.abort(new DOMException("deadline passed", "TimeoutError")));
    return { signal: c.signal, dispose: real.dispose };
  };
  const result = await deliver(r.url, {}, options({ deadline, retries: 0 }));
  assert.deepEqual(result, { ok: false, attempts: 1, reason: "no answer within 5s" });
  assert.equal(r.bodies.length, 1);
});

Deno.test("loopback: nobody listening is a connection failure, retried, without the URL", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const result = await deliver(`http://127.0.0.1:${port}/secret-path`, {}, options());
  assert.deepEqual(result, { ok: false, attempts: 3, reason: "connection failed (TypeError)" });
});
