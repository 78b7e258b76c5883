import assert from "node:assert/strict";
import { runScenario } from "../../src/orchestrator/run_scenario.ts";
import { decodeBase32 } from "../../src/orchestrator/actions/base32.ts";
import { totpCode } from "../../src/orchestrator/actions/totp.ts";
import { generatedValue } from "../../src/orchestrator/actions/generate.ts";
import { strftime, strftimeProblem } from "../../src/orchestrator/actions/strftime.ts";
import { zonedTime } from "../../src/orchestrator/actions/zoned_time.ts";
import type { Step } from "../../src/scenario/types.ts";
import { FakeClock } from "../../src/time/clock.ts";
import { fake, scenario } from "./helpers.ts";

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function runWith(steps: Step[], opts: { fetch?: Fetch; random?: () => number } = {}) {
  const { clock, driver } = fake();
  return await runScenario(driver, scenario({ steps }), { clock, ...opts });
}

Deno.test("http: sends the request, saves the body and checks the status", async () => {
  const seen: Array<[string, RequestInit]> = [];
  const fetch: Fetch = (url, init) => {
    seen.push([url, init]);
    return Promise.resolve(new Response('{"id":7}', { status: 201 }));
  };
  const r = await runWith([{
    action: "http",
    body: {
      url: "https://api.test/users",
      method: "post",
      headers: { "content-type": "application/json" },
      body: '{"name":"a"}',
      status: 201,
      saveBody: "created",
    },
  }], { fetch });
  assert.equal(r.ok, true);
  assert.equal(r.vars.created, '{"id":7}');
  assert.equal(seen[0][0], "https://api.test/users");
  assert.equal(seen[0][1].method, "POST");
  assert.equal(seen[0][1].body, '{"name":"a"}');
});

Deno.test("http: `http: expected status X, got Y`, with the body still saved", async () => {
  const fetch: Fetch = () => Promise.resolve(new Response("nope", { status: 500 }));
  const r = await runWith([{
    action: "http",
    body: { url: "http://api.test/x", method: "GET", status: 200, saveBody: "b" },
  }], { fetch });
  assert.equal(r.failure, "step 0 (http): http: expected status 200, got 500");
  assert.equal(r.vars.b, "nope");
});

Deno.test("http: without `status` any status passes", async () => {
  const fetch: Fetch = () => Promise.resolve(new Response("", { status: 404 }));
  const r = await runWith([{ action: "http", body: { url: "http://api.test/x", method: "GET" } }], {
    fetch,
  });
  assert.equal(r.ok, true);
});

Deno.test("http: a network error or a non-http URL fails the step", async () => {
  const fetch: Fetch = () => Promise.reject(new TypeError("connection refused"));
  const down = await runWith([{
    action: "http",
    body: { url: "http://api.test/x", method: "GET" },
  }], {
    fetch,
  });
  assert.equal(down.failure, "step 0 (http): http: GET request failed: connection refused");
  const file = await runWith([{
    action: "http",
    body: { url: "file:///etc/passwd", method: "GET" },
  }]);
  assert.equal(file.failure, "step 0 (http): http: only http:// and https:// URLs are allowed");
});

Deno.test("totp: RFC 6238 SHA-1 test vectors (6 digits)", async () => {
  const key = new TextEncoder().encode("12345678901234567890");
  assert.equal(await totpCode(key, 59), "287082");
  assert.equal(await totpCode(key, 1111111109), "081804");
  assert.equal(await totpCode(key, 2000000000), "279037");
});

Deno.test("totp: base32 secret (spaces, case, padding) binds the code into vars", async () => {
  assert.equal(new TextDecoder().decode(decodeBase32("jbsw y3dp")!), "Hello");
  assert.equal(new TextDecoder().decode(decodeBase32("JBSWY3DP====")!), "Hello");
  const { driver } = fake();
  const clock = new FakeClock(0, 59_000); // wall clock at T = 59 s
  // base32 of "12345678901234567890"
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  const r = await runScenario(
    driver,
    scenario({ steps: [{ action: "totp", body: { secret, into: { var: "otp" } } }] }),
    { clock },
  );
  assert.equal(r.vars.otp, "287082");
});

Deno.test("totp: an invalid secret fails without echoing it", async () => {
  const r = await runWith([{
    action: "totp",
    body: { secret: "not*base32!", into: { var: "otp" } },
  }]);
  assert.equal(r.failure, "step 0 (totp): totp: secret is not valid base32");
});

Deno.test("generate: random kinds bind into vars and record the value", async () => {
  let i = 0;
  const seq = [0.0, 0.5, 0.999];
  const random = () => seq[i++ % seq.length];
  const r = await runWith([
    {
      action: "generate",
      body: { random: { string: { length: 3, charset: "numeric" } }, into: { var: "s" } },
    },
    { action: "generate", body: { random: { int: { min: 1, max: 6 } }, into: { var: "n" } } },
    {
      action: "generate",
      body: { random: { float: { min: 0, max: 10, precision: 2 } }, into: { var: "f" } },
    },
  ], { random });
  assert.equal(r.ok, true);
  assert.equal(r.vars.s, "059"); // 0.0 → "0", 0.5 → "5", 0.999 → "9"
  assert.equal(r.vars.n, "1"); // 0.0 → min
  assert.equal(r.vars.f, "5.00"); // 0.5 × 10
  assert.deepEqual(r.steps.map((s) => s.generated), ["059", "1", "5.00"]);
});

Deno.test("generate: uuid v4 shape, and the default source is a CSPRNG", () => {
  const a = generatedValue({ random: { uuid: {} }, into: { var: "u" } }, Math.random, new Date());
  assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

Deno.test("generate: datetime with offsets, timezone and strftime format", async () => {
  const { driver } = fake();
  const clock = new FakeClock(0, Date.UTC(2026, 0, 31, 22, 30, 15));
  const r = await runScenario(
    driver,
    scenario({
      steps: [
        { action: "generate", body: { datetime: {}, into: { var: "iso" } } },
        {
          action: "generate",
          body: {
            datetime: { format: "%Y-%m-%d %H:%M %a %b %z", offsetDays: 1, timezone: "Asia/Tokyo" },
            into: { var: "tokyo" },
          },
        },
      ],
    }),
    { clock },
  );
  assert.equal(r.vars.iso, "2026-01-31T22:30:15+00:00");
  assert.equal(r.vars.tokyo, "2026-02-02 07:30 Mon Feb +0900");
});

Deno.test("strftime: directives, literal %%, and load-time problems", () => {
  const t = zonedTime(new Date(Date.UTC(2026, 6, 4, 15, 5, 9, 250)), "UTC");
  assert.equal(
    strftime("%d/%m/%y %I:%M:%S %p %j %f %% %A %B", t),
    "04/07/26 03:05:09 PM 185 250000 % Saturday July",
  );
  assert.equal(strftimeProblem("%Y"), null);
  assert.equal(strftimeProblem(""), "format must not be empty");
  assert.equal(strftimeProblem("%Q"), "unsupported directive %Q");
  assert.equal(strftimeProblem("x%"), "format ends with a lone %");
});
