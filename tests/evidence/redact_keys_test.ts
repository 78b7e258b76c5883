import assert from "node:assert/strict";
import { REDACTED, Redactor } from "../../src/evidence/redact.ts";

const quiet = { onWarning: () => {} };

Deno.test('configured keys are masked in text as "k": v, k=v and k: … to end of line', () => {
  const r = new Redactor({ redact: { fields: ["password"], headers: ["X-Session"] }, ...quiet });
  assert.equal(
    r.redactText(`{"user": "ada", "Password": "hun\\"ter2", "n": 1}`),
    `{"user": "ada", "Password": "${REDACTED}", "n": 1}`,
  );
  assert.equal(r.redactText(`{"password":42}`), `{"password":"${REDACTED}"}`);
  assert.equal(
    r.redactText("POST /login?user=ada&password=hunter2&x=1"),
    `POST /login?user=ada&password=${REDACTED}&x=1`,
  );
  assert.equal(
    r.redactText("x-session: abc def\nnext: line"),
    `x-session: ${REDACTED}\nnext: line`,
  );
});

Deno.test("key masking needs a whole key: longer names and other keys are left alone", () => {
  const r = new Redactor({ redact: { fields: ["token"] }, ...quiet });
  assert.equal(r.redactText("x-token=abc"), "x-token=abc");
  assert.equal(r.redactText("tokens=abc"), "tokens=abc");
  assert.equal(r.redactText("mytoken: abc"), "mytoken: abc");
  assert.equal(r.redactText(`{"token2": "abc"}`), `{"token2": "abc"}`);
});

Deno.test("default header names are masked as keys in text", () => {
  const r = new Redactor(quiet);
  assert.equal(
    r.redactText("Authorization: Bearer abc.def\nAccept: */*"),
    `Authorization: ${REDACTED}\nAccept: */*`,
  );
  assert.equal(r.redactText("Cookie: sid=1; theme=dark"), `Cookie: ${REDACTED}`);
});

Deno.test("in JSON structures a key match replaces the whole value", () => {
  const r = new Redactor({ redact: { fields: ["card"] }, secrets: ["s3cret"], ...quiet });
  const out = r.redactJson({
    user: "ada",
    CARD: { number: "4111", cvc: 123 },
    list: [{ card: "x" }, "has s3cret inside", 7, null, true],
    authorization: "Bearer x",
  });
  assert.deepEqual(out, {
    user: "ada",
    CARD: REDACTED,
    list: [{ card: REDACTED }, `has ${REDACTED} inside`, 7, null, true],
    authorization: REDACTED,
  });
});

Deno.test("headers are masked by name: defaults, plus headers, minus unmaskHeaders", () => {
  const r = new Redactor({
    redact: { headers: ["X-Custom"], unmaskHeaders: ["x-auth-token"] },
    ...quiet,
  });
  assert.deepEqual(
    r.redactHeaders({
      Authorization: "Bearer a",
      "proxy-authorization": "b",
      "X-API-Key": "c",
      "x-auth-token": "d",
      "x-custom": "e",
      Accept: "text/html",
    }),
    {
      Authorization: REDACTED,
      "proxy-authorization": REDACTED,
      "X-API-Key": REDACTED,
      "x-auth-token": "d",
      "x-custom": REDACTED,
      Accept: "text/html",
    },
  );
});

Deno.test("cookie and set-cookie are linked for masking and unmasking", () => {
  const both = new Redactor(quiet);
  assert.ok(both.masksHeader("Cookie") && both.masksHeader("Set-Cookie"));
  const unmasked = new Redactor({ redact: { unmaskHeaders: ["cookie"] }, ...quiet });
  assert.ok(!unmasked.masksHeader("cookie"));
  assert.ok(!unmasked.masksHeader("set-cookie"));
  assert.deepEqual(unmasked.redactHeaders({ "Set-Cookie": "a=1" }), { "Set-Cookie": "a=1" });
  const viaSet = new Redactor({ redact: { unmaskHeaders: ["SET-COOKIE"] }, ...quiet });
  assert.ok(!viaSet.masksHeader("cookie"));
  const remasked = new Redactor({
    redact: [{ unmaskHeaders: ["cookie"] }, { headers: ["set-cookie"] }],
    ...quiet,
  });
  assert.ok(!remasked.masksHeader("cookie"), "unmaskHeaders wins over headers");
});

Deno.test("unmasked header values are still scrubbed for secrets", () => {
  const r = new Redactor({ secrets: ["tok-9"], ...quiet });
  assert.deepEqual(r.redactHeaders({ Referer: "https://x/?t=tok-9" }), {
    Referer: `https://x/?t=${REDACTED}`,
  });
});

Deno.test("redact blocks are unioned: config, target and scenario", () => {
  const r = new Redactor({
    redact: [{ labels: ["A"] }, undefined, { labels: ["B"], fields: ["pin"] }],
    ...quiet,
  });
  assert.deepEqual(r.config.labels, ["A", "B"]);
  assert.equal(r.redactText("pin=1234"), `pin=${REDACTED}`);
});
