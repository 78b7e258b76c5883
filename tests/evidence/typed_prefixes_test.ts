/** The typed-prefix rule of the traffic logs (docs/redaction.md). */
import assert from "node:assert/strict";
import { REDACTED, Redactor } from "../../src/evidence/redact.ts";

function redactor(secrets: string[]) {
  return new Redactor({ secrets, onWarning: () => {} });
}

Deno.test("typed prefixes: masked in traffic logs once typed, from four characters on", () => {
  const secret = "Tr0ub4dor&3xyzQ!";
  const r = redactor([secret]);
  const log = "check T / Tr / Tr0 / Tr0u / Tr0ub4dor&3xy / " + encodeURIComponent("Tr0ub4dor&");
  // Nothing typed yet: prefixes are ordinary text.
  assert.equal(r.redactLog(log), log);
  r.noteTyped(`${secret}\n`);
  assert.equal(
    r.redactLog(log),
    `check T / Tr / Tr0 / ${REDACTED} / ${REDACTED} / ${REDACTED}`,
  );
  // JSON traffic too, and the whole value as before.
  assert.deepEqual(r.redactLogJson({ url: "/s?q=Tr0ub4", body: `{"pw":"${secret}"}` }), {
    url: `/s?q=${REDACTED}`,
    body: `{"pw":"${REDACTED}"}`,
  });
  // Other texts keep prefixes: only traffic logs carry per-keystroke values.
  assert.equal(r.redactText("Tr0ub4dor"), "Tr0ub4dor");
});

Deno.test("typed prefixes: only secrets inside the typed text, and encoded prefixes too", () => {
  const typed = 'pä"ss wörd';
  const other = "untypedSecret";
  const r = redactor([typed, other]);
  r.noteTyped(`login:${typed}`);
  const prefix = 'pä"ss w';
  for (
    const form of [
      prefix,
      JSON.stringify(prefix).slice(1, -1),
      encodeURIComponent(prefix),
      new URLSearchParams([["k", prefix]]).toString().slice(2),
      "pä&quot;ss w",
    ]
  ) assert.equal(r.redactLog(`<${form}>`), `<${REDACTED}>`, form);
  assert.equal(r.redactLog("untyp"), "untyp");
  assert.equal(r.redactLog(other), REDACTED);
});
