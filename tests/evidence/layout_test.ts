import assert from "node:assert/strict";
import { safeRelDir, scenarioDirName, slugify, stepDirName } from "../../src/evidence/layout.ts";

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
