import assert from "node:assert/strict";
import { compilePattern } from "../../src/selectors/regex.ts";

Deno.test("a leading (?i) becomes the case-insensitive flag", () => {
  const re = compilePattern("(?i)^sign in$");
  assert.equal(re.flags, "i");
  assert.ok(re.test("Sign In"));
});

Deno.test("Python named groups and backreferences are rewritten", () => {
  const re = compilePattern("(?P<word>ab)-(?P=word)");
  assert.equal(re.exec("ab-ab")?.groups?.word, "ab");
  assert.ok(!re.test("ab-cd"));
});

Deno.test("an escaped paren is not mistaken for a named group", () => {
  assert.ok(compilePattern("\\(?P<").test("P<"));
});

Deno.test("without the u flag a stray brace is a literal, as in Python", () => {
  const re = compilePattern("a{");
  assert.equal(re.flags, "");
  assert.ok(re.test("xa{"));
});

Deno.test("patterns search unanchored and stay stateless", () => {
  const re = compilePattern("ell");
  assert.ok(re.test("hello"));
  assert.ok(re.test("hello"));
});

Deno.test("an invalid pattern throws a SyntaxError", () => {
  assert.throws(() => compilePattern("(abc"), SyntaxError);
});
