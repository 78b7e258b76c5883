import assert from "node:assert/strict";
import { REDACTED, Redactor } from "../../src/evidence/redact.ts";
import { el } from "./driver_double.ts";

const quiet = { onWarning: () => {} };

Deno.test("a label listed in redact.labels masks the value", () => {
  const r = new Redactor({ redact: { labels: ["Card number"] }, ...quiet });
  const [card, other] = r.redactElements([
    el({ label: "Card number", value: "4111 1111" }),
    el({ label: "Name", value: "Ada" }),
  ]);
  assert.equal(card.value, REDACTED);
  assert.equal(card.label, "Card number");
  assert.equal(other.value, "Ada");
});

Deno.test("a secureTextField value is masked unless unmaskSecureFields", () => {
  const field = el({
    identifier: "field",
    traits: ["textField", "secureTextField"],
    value: "hunter2",
  });
  assert.equal(new Redactor(quiet).redactElement(field).value, REDACTED);
  const open = new Redactor({ redact: { unmaskSecureFields: true }, ...quiet });
  assert.equal(open.redactElement(field).value, "hunter2");
});

Deno.test("credential words in id/label mask the value, on word boundaries only", () => {
  const r = new Redactor(quiet);
  const value = (identifier: string | null, label: string | null = null) =>
    r.redactElement(el({ identifier, label, value: "v" })).value;
  assert.equal(value("settings.apikey"), REDACTED);
  assert.equal(value("prefs.pinned"), "v");
  assert.equal(value("login_password"), "v");
  assert.equal(value("login.Password"), REDACTED);
  assert.equal(value(null, "Enter PIN"), REDACTED);
  assert.equal(value(null, "One-time OTP code"), REDACTED);
  for (const w of ["passwd", "secret", "token", "api_key", "credential"]) {
    assert.equal(value(`form.${w}`), REDACTED, w);
  }
  assert.equal(value("spinner"), "v");
  assert.equal(value("tokens"), "v");
});

Deno.test("unmaskCredentialNames keeps credential-named values visible", () => {
  const r = new Redactor({ redact: { unmaskCredentialNames: true }, ...quiet });
  assert.equal(r.redactElement(el({ identifier: "settings.apikey", value: "v" })).value, "v");
});

Deno.test("labels and values are scrubbed as text; null stays null; input is not mutated", () => {
  const r = new Redactor({ secrets: ["s3cr3t-value"], ...quiet });
  const input = el({ identifier: "msg", label: "Your key s3cr3t-value", value: null });
  const out = r.redactElement(input);
  assert.equal(out.label, `Your key ${REDACTED}`);
  assert.equal(out.value, null);
  assert.equal(input.label, "Your key s3cr3t-value");
  assert.notEqual(out.frame, input.frame);
  assert.deepEqual(out.frame, input.frame);
});

Deno.test("a secure field with a null value stays null", () => {
  const r = new Redactor(quiet);
  assert.equal(r.redactElement(el({ traits: ["secureTextField"], value: null })).value, null);
});
