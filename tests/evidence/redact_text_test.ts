import assert from "node:assert/strict";
import { REDACTED, Redactor } from "../../src/evidence/redact.ts";
import { secretForms } from "../../src/evidence/secret_forms.ts";

function redactor(secrets: string[], warnings: string[] = []) {
  return new Redactor({ secrets, onWarning: (m) => warnings.push(m) });
}

const SECRET = `p@ss w/rd&"<é>'!`;

Deno.test("every encoded form of a secret is masked", () => {
  const r = redactor([SECRET]);
  const encoded = {
    raw: SECRET,
    percent: encodeURIComponent(SECRET),
    percentPlus: encodeURIComponent(SECRET).replaceAll("%20", "+"),
    percentLower: encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    form: new URLSearchParams({ k: SECRET }).toString().slice(2),
    html: "p@ss w/rd&amp;&quot;&lt;é&gt;&#39;!",
    htmlHex: "p@ss w/rd&amp;&quot;&lt;é&gt;&#x27;!",
    json: JSON.stringify(SECRET).slice(1, -1),
    jsonAscii: JSON.stringify(SECRET).slice(1, -1).replace("é", "\\u00e9"),
  };
  // Distinct spellings, so each case checks a different form.
  assert.equal(new Set(Object.values(encoded)).size, Object.keys(encoded).length);
  for (const [name, form] of Object.entries(encoded)) {
    assert.equal(r.redactText(`<${form}>`), `<${REDACTED}>`, name);
  }
});

Deno.test("secretForms lists raw, percent, plus, form, html, json and base64 forms without duplicates", () => {
  const forms = secretForms("a b").map((f) => f.text);
  for (const f of ["a b", "a%20b", "a+b", "YSBi"]) assert.ok(forms.includes(f), f);
  assert.equal(new Set(forms).size, forms.length);
  // Only the base64 spellings (and base64 in a URL) differ from a plain value; each is whole.
  assert.deepEqual(secretForms("plain"), [
    { text: "plain", minLength: 5 },
    { text: "cGxhaW4=", minLength: 8 },
    { text: "cGxhaW4%3D", minLength: 10 },
    { text: "cGxhaW4%3d", minLength: 10 },
    { text: "cGxhaW4", minLength: 7 },
  ]);
});

Deno.test("secrets are masked longest first, so a secret containing another is masked whole", () => {
  const r = redactor(["abc", "abcdef-long"]);
  assert.equal(r.redactText("x abcdef-long y abc"), `x ${REDACTED} y ${REDACTED}`);
});

Deno.test("empty or blank secret values are ignored", () => {
  const r = redactor(["", "  "]);
  assert.equal(r.redactText("nothing  to hide"), "nothing  to hide");
});

Deno.test("a Basic token whose decoding contains a secret is masked", () => {
  const r = redactor(["hunter2"]);
  const token = btoa("ada:hunter2");
  assert.equal(r.redactText(`auth Basic ${token} end`), `auth Basic ${REDACTED} end`);
  const urlSafe = btoa("ada:hunter2??>").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  assert.equal(r.redactText(`basic ${urlSafe}`), `basic ${REDACTED}`);
  const unrelated = btoa("ada:open");
  assert.equal(r.redactText(`Basic ${unrelated}`), `Basic ${unrelated}`);
});

Deno.test("credential shapes are masked with a warning naming the shape only", () => {
  const warnings: string[] = [];
  const r = redactor([], warnings);
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_abc-123";
  const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIE\nabc\n-----END RSA PRIVATE KEY-----";
  const samples = [
    "sk-ant-api03-AbC_dEf-123",
    "AKIAABCDEFGHIJ234567",
    "ghp_0123456789abcdefABCDEF",
    "gho_abc",
    "ghs_x1",
    jwt,
    pem,
  ];
  for (const s of samples) {
    warnings.length = 0;
    assert.equal(r.redactText(`a ${s} b`), `a ${REDACTED} b`, s);
    assert.equal(warnings.length, 1, s);
    assert.ok(!warnings[0].includes(s.slice(4)), "the warning must not quote the credential");
  }
});

Deno.test("credential shapes need their exact shape", () => {
  const warnings: string[] = [];
  const r = redactor([], warnings);
  const keep = [
    "AKIAabcdefghij234567", // lower case
    "AKIAABCDEFGHIJ2345", // too short
    "ghx_abc",
    "eyJhbGci.only-two",
    "-----BEGIN PUBLIC KEY-----",
  ];
  for (const s of keep) assert.equal(r.redactText(s), s);
  assert.deepEqual(warnings, []);
});

Deno.test("an unterminated PEM private key is masked to the end of the text", () => {
  const r = redactor([], []);
  assert.equal(
    r.redactText("log\n-----BEGIN PRIVATE KEY-----\nMIIEv\ntruncated"),
    `log\n${REDACTED}`,
  );
});

Deno.test("secret values in a log line are masked in every occurrence", () => {
  const r = redactor(["tok-123"]);
  assert.equal(
    r.redactText("GET /a?t=tok-123\nretry tok-123"),
    `GET /a?t=${REDACTED}\nretry ${REDACTED}`,
  );
});

Deno.test("redactMessage masks secrets and credential shapes but not key spellings", () => {
  const warnings: string[] = [];
  const r = redactor(['a"b'], warnings);
  assert.equal(
    r.redactMessage('accept cookie: banner; got "a\\"b" and AKIAABCDEFGHIJ234567'),
    `accept cookie: banner; got "${REDACTED}" and ${REDACTED}`,
  );
  assert.deepEqual(warnings, ["masked a credential-shaped string (AWS access key id) in evidence"]);
  assert.equal(r.redactText("accept cookie: banner"), `accept cookie: ${REDACTED}`);
});
