import assert from "node:assert/strict";
import { join } from "node:path";
import type { NotifyEndpoint } from "../../src/config/types.ts";
import {
  CANCELLED_BUDGET_S,
  type NotifyContext,
  type NotifyDeps,
  startNotifications,
} from "../../src/runner/notify.ts";
import { FakeClock } from "../../src/time/clock.ts";
import type { DeadlineFactory } from "../../src/time/deadline.ts";

const hook = (over: Partial<NotifyEndpoint> = {}): NotifyEndpoint => ({
  format: "slack",
  url: "${secrets.HOOK}",
  on: ["failure"],
  targets: [],
  ...over,
});

async function context(
  hooks: NotifyEndpoint[],
  over: Partial<NotifyContext> = {},
): Promise<NotifyContext & { warnings: string[]; dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-notify-" });
  const runDir = join(dir, "20260101-000000");
  await Deno.mkdir(runDir);
  await Deno.writeTextFile(
    join(runDir, "manifest.json"),
    JSON.stringify({
      runId: "20260101-000000",
      ok: false,
      scenarios: [
        { scenario: "log in", ok: true, failure: null, engine: "" },
        { scenario: "pay", ok: false, failure: "typed sk_live_123 into card", engine: "" },
      ],
    }),
  );
  const warnings: string[] = [];
  return {
    hooks,
    target: "app",
    runId: "20260101-000000",
    runDir,
    cwd: dir,
    scenarios: ["log in", "pay"],
    secrets: { HOOK: "https://hooks.example/T/B/secret", CARD: "sk_live_123" },
    redact: (t) => t.replaceAll("sk_live_123", "[REDACTED]"),
    warn: (l) => warnings.push(l),
    cancelled: () => false,
    warnings,
    dir,
    ...over,
  };
}

/** A fetch answering `status` to every call; `gate` holds answers back until released. */
function fakeFetch(status = 200) {
  const bodies: { text: string }[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => release = r);
  let held = false;
  const fetch = (async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    if (held) await gate;
    return new Response("", { status });
  }) as unknown as typeof globalThis.fetch;
  return {
    fetch,
    bodies,
    hold: () => held = true,
    release,
  };
}

const neverExpires: DeadlineFactory & { asked: number[] } = Object.assign(
  (seconds: number) => {
    neverExpires.asked.push(seconds);
    return { signal: new AbortController().signal, dispose: () => {} };
  },
  { asked: [] as number[] },
);

function deps(fetch: typeof globalThis.fetch, clock = new FakeClock()): NotifyDeps {
  return { fetch, clock, deadline: neverExpires };
}

Deno.test("notify: start posts in the background; finish waits for it, then posts the verdict", async () => {
  const ctx = await context([hook({ on: ["start", "failure"] })]);
  try {
    const f = fakeFetch();
    f.hold();
    const n = startNotifications(ctx, deps(f.fetch));
    // The run goes on while the start post is in flight.
    await Promise.resolve();
    assert.equal(f.bodies.length, 1);
    let finished = false;
    const finishing = n.finish(1).then(() => finished = true);
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(finished, false, "finish waits for the start post");
    f.release();
    await finishing;
    assert.equal(f.bodies.length, 2);
    assert.match(f.bodies[0].text, /^▶️ bajutsu run started · target app · 2 scenarios/);
    assert.equal(
      f.bodies[1].text,
      [
        "❌ bajutsu FAIL · target app · 1/2 passed · run 20260101-000000",
        "• pay: typed [REDACTED] into card",
        "report: 20260101-000000/report.html",
      ].join("\n"),
    );
  } finally {
    await Deno.remove(ctx.dir, { recursive: true });
  }
});

Deno.test("notify: a hook scoped by targets reports those scenarios' verdict", async () => {
  const ctx = await context([
    hook({ on: ["always"], targets: ["log in"] }),
    hook({ on: ["failure"], targets: ["log in"] }),
    hook({ on: ["start"], targets: ["elsewhere"] }),
  ]);
  try {
    const f = fakeFetch();
    await startNotifications(ctx, deps(f.fetch)).finish(1);
    assert.equal(f.bodies.length, 1);
    assert.match(f.bodies[0].text, /^✅ bajutsu PASS · target app · 1\/1 passed/);
  } finally {
    await Deno.remove(ctx.dir, { recursive: true });
  }
});

Deno.test("notify: a 500 is retried, then one warning naming the hook by host, never the URL", async () => {
  const ctx = await context([hook()]);
  try {
    const f = fakeFetch(500);
    const clock = new FakeClock();
    await startNotifications(ctx, deps(f.fetch, clock)).finish(1);
    assert.equal(f.bodies.length, 3);
    assert.deepEqual(clock.sleeps, [0.5, 1]);
    assert.deepEqual(ctx.warnings, [
      "notify[0] (hooks.example): not delivered after 3 attempts: HTTP 500",
    ]);
  } finally {
    await Deno.remove(ctx.dir, { recursive: true });
  }
});

Deno.test("notify: a cancelled run's hooks get the shorter budget", async () => {
  const ctx = await context([hook()], { cancelled: () => true });
  try {
    neverExpires.asked.length = 0;
    const clock = new FakeClock();
    let calls = 0;
    // Each attempt takes 3 s: the cancelled budget leaves room for two, the second one shorter.
    const fetch = (() => {
      calls++;
      clock.advance(3);
      return Promise.resolve(new Response("", { status: 503 }));
    }) as unknown as typeof globalThis.fetch;
    await startNotifications(ctx, deps(fetch, clock)).finish(1);
    assert.equal(CANCELLED_BUDGET_S, 5);
    assert.deepEqual(neverExpires.asked, [5, 1.5]);
    assert.equal(calls, 2);
    assert.ok(clock.now() <= CANCELLED_BUDGET_S + 3);
  } finally {
    await Deno.remove(ctx.dir, { recursive: true });
  }
});

Deno.test("notify: an unreadable manifest still posts the failure", async () => {
  const ctx = await context([hook()]);
  try {
    await Deno.remove(join(ctx.runDir, "manifest.json"));
    const f = fakeFetch();
    await startNotifications(ctx, deps(f.fetch)).finish(2);
    assert.match(f.bodies[0].text, /^❌ bajutsu FAIL · target app · 0\/0 passed/);
    assert.match(f.bodies[0].text, /• \(run\): the reports could not be written/);
  } finally {
    await Deno.remove(ctx.dir, { recursive: true });
  }
});
