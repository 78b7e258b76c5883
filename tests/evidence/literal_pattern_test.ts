import assert from "node:assert/strict";
import { literalPattern } from "../../src/evidence/literal_pattern.ts";

const whole = (...texts: string[]) => texts.map((text) => ({ text, minLength: text.length }));
const mask = (re: RegExp | null, text: string) => re === null ? text : text.replace(re, "#");

Deno.test("literalPattern: nothing to match is null; empty texts are ignored", () => {
  assert.equal(literalPattern([]), null);
  assert.equal(literalPattern(whole("")), null);
});

Deno.test("literalPattern: every literal matches, longest first, special characters literally", () => {
  const re = literalPattern(whole("cat", "catalog", "a.b", "(x)|[y]*+?^$\\/-", "dog"));
  assert.equal(
    mask(re, "cat catalog catalo a.b axb (x)|[y]*+?^$\\/- dog do"),
    "# # #alo # axb # # do",
  );
});

Deno.test("literalPattern: a literal that is a prefix of another matches alone too", () => {
  const re = literalPattern(whole("ab", "abcd"));
  assert.equal(mask(re, "ab abc abcd abcde"), "# #c # #e");
});

Deno.test("literalPattern: with minLength, every prefix at least that long matches", () => {
  const re = literalPattern([{ text: "Tr0ub4dor", minLength: 4 }]);
  assert.equal(mask(re, "T Tr Tr0 Tr0u Tr0ub Tr0ub4dor Tr0ub4dorX"), "T Tr Tr0 # # # #X");
});

Deno.test("literalPattern: non-ASCII, astral characters and line breaks", () => {
  const re = literalPattern(whole("é😀\nz", "ü"));
  assert.equal(mask(re, "aé😀\nzb ü é😀"), "a#b # é😀");
});

Deno.test("literalPattern: a very long literal does not overflow the builder", () => {
  const long = "x".repeat(20_000) + "y";
  const re = literalPattern(whole(long, "x".repeat(10) + "z"));
  assert.equal(mask(re, `a${long}b`), "a#b");
});
