import assert from "node:assert/strict";
import {
  boundDirName,
  MAX_DIR_NAME_BYTES,
  safeRelDir,
  scenarioDirName,
  slugify,
  stepDirName,
} from "../../src/evidence/layout.ts";

Deno.test("slugify lower-cases, collapses non-alphanumeric runs to '-', trims dashes", () => {
  assert.equal(slugify("Log in (happy path)!"), "log-in-happy-path");
  assert.equal(slugify("  Ünïcode__Name  "), "n-code-name");
  assert.equal(slugify("---"), "scenario");
  assert.equal(slugify(""), "scenario");
});

Deno.test("scenarioDirName pads the 0-based index to two digits", () => {
  assert.equal(scenarioDirName(0, "Login"), "00-login");
  assert.equal(scenarioDirName(7, "Check out"), "07-check-out");
  assert.equal(scenarioDirName(123, "x"), "123-x");
});

Deno.test("stepDirName uses the name or step<index>, and neutralizes path tricks", () => {
  assert.equal(stepDirName(undefined, 3), "step3");
  assert.equal(stepDirName("", 2), "step2");
  assert.equal(stepDirName("submit form", 0), "submit form");
  assert.equal(stepDirName("open/close", 0), "open-close");
  assert.equal(stepDirName("..", 0), "__");
});

Deno.test("safeRelDir keeps hook-phase nesting but cannot climb", () => {
  assert.equal(safeRelDir("before/step0"), "before/step0");
  assert.equal(safeRelDir("../../etc"), "__/__/etc");
  assert.equal(safeRelDir("/abs//x"), "abs/x");
});

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

Deno.test("a long scenario name gives a sid within the folder-name bound, cut with a stable hash", () => {
  const name = "checkout with " + "a realistic data row value, ".repeat(10); // 294 characters
  const sid = scenarioDirName(3, name);
  assert.ok(utf8Bytes(sid) <= MAX_DIR_NAME_BYTES, `${utf8Bytes(sid)} bytes`);
  assert.match(sid, /^03-checkout-with-a-realistic-data-row-value-[a-z0-9-]*-[0-9a-f]{8}$/);
  assert.equal(scenarioDirName(3, name), sid, "the same name gives the same sid");
  assert.notEqual(scenarioDirName(3, name + "!"), sid, "a different name, a different sid");
  assert.equal(scenarioDirName(3, "short"), "03-short", "short names are unchanged");
});

Deno.test("long step names are bounded in UTF-8 bytes, cut on a code point, and stay distinct", () => {
  const base = "ログイン画面で入力する".repeat(20); // 220 characters, 660 bytes
  const a = stepDirName(base + "A", 0);
  const b = stepDirName(base + "B", 0);
  for (const dir of [a, b]) {
    assert.ok(utf8Bytes(dir) <= MAX_DIR_NAME_BYTES, `${utf8Bytes(dir)} bytes`);
    assert.ok(
      !dir.includes("\uFFFD") && base.startsWith(dir.slice(0, -9)),
      "a whole-character cut",
    );
  }
  assert.notEqual(a, b);
  assert.equal(stepDirName(base + "A", 0), a);
  // `/` is neutralized before cutting, but the hash still tells `x/…` and `x-…` apart.
  const long = "y".repeat(200);
  assert.notEqual(stepDirName(`x/${long}`, 0), stepDirName(`x-${long}`, 0));
  // Bounding is idempotent: the sink re-checks the segments it is handed.
  assert.equal(safeRelDir(`before/${a}`), `before/${a}`);
  assert.ok(utf8Bytes(safeRelDir("z".repeat(300))) <= MAX_DIR_NAME_BYTES);
  assert.equal(boundDirName("é".repeat(50)), "é".repeat(50), "exactly 100 bytes fits");
});
