/** The spellings docs/redaction.md promises to mask. */
import assert from "node:assert/strict";
import { REDACTED, Redactor } from "../../src/evidence/redact.ts";

const SECRET = 'Tr0ub"le\\ d&r <é> x';

function b64(s: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(s)));
}

function redactor(secrets: string[]) {
  return new Redactor({ secrets, onWarning: () => {} });
}

Deno.test("XML, HTML and JSON variants of a secret with quotes, backslash, & and < are masked", () => {
  const r = redactor([SECRET]);
  const json = JSON.stringify(SECRET).slice(1, -1);
  const forms = {
    json,
    jsonTwice: JSON.stringify(json).slice(1, -1),
    jsonAsciiUpper: json.replace("é", "\\u00E9"),
    jsonScript: json.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e"),
    xmlText: 'Tr0ub"le\\ d&amp;r &lt;é&gt; x',
    xmlTextMinimal: 'Tr0ub"le\\ d&amp;r &lt;é> x',
    xmlAttr: "Tr0ub&quot;le\\ d&amp;r &lt;é&gt; x",
    htmlGo: "Tr0ub&#34;le\\ d&amp;r &lt;é&gt; x",
    htmlAscii: "Tr0ub&quot;le\\ d&amp;r &lt;&#233;&gt; x",
    xmlOfJson: "Tr0ub\\&quot;le\\\\ d&amp;r &lt;é&gt; x",
    htmlOfJson: "Tr0ub\\&quot;le\\\\ d&amp;r &lt;é&gt; x",
    percentOfJson: encodeURIComponent(json),
    browserQuery: "Tr0ub%22le\\%20d&r%20%3C%C3%A9%3E%20x",
  };
  for (const [name, form] of Object.entries(forms)) {
    assert.equal(r.redactText(`[${form}]`), `[${REDACTED}]`, name);
  }
});

Deno.test("base64 of a secret is masked: plain, unpadded, URL-safe, percent-encoded", () => {
  const r = redactor([SECRET]);
  const std = b64(SECRET);
  for (
    const form of [
      std,
      std.replace(/=+$/, ""),
      std.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
      encodeURIComponent(std),
    ]
  ) assert.equal(r.redactText(`token=${form};`).includes(form), false, form);
});

Deno.test("base64 of a secret inside a longer base64 text is masked at every alignment", () => {
  const r = redactor([SECRET]);
  for (const before of ["", "a", "ab", "user:"]) {
    const blob = b64(`${before}${SECRET}:tail`);
    const out = r.redactText(blob);
    assert.match(out, /\[REDACTED\]/, `offset ${before.length}`);
    // No run of 8 characters encoding the secret's bits alone is left.
    const bytes = new TextEncoder().encode(before).length;
    const first = Math.ceil((bytes * 8) / 6);
    const end = Math.floor(((bytes + new TextEncoder().encode(SECRET).length) * 8) / 6);
    for (let k = first; k + 8 <= end; k++) {
      assert.ok(
        !out.includes(blob.slice(k, k + 8)),
        `${before}: ${out} keeps ${blob.slice(k, k + 8)}`,
      );
    }
  }
});

Deno.test("a short secret's base64 is masked whole but never by a chance core match", () => {
  const r = redactor(["pin1"]);
  assert.equal(r.redactText(b64("pin1")), REDACTED);
  const unrelated = b64("a pin12 b");
  assert.equal(r.redactText(unrelated), unrelated);
});
