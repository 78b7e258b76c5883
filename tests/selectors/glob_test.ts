import assert from "node:assert/strict";
import { globMatch, globToRegExp } from "../../src/selectors/glob.ts";

Deno.test("glob star matches any run including dots", () => {
  assert.equal(globMatch("home.*", "home.list.row.3"), true);
  assert.equal(globMatch("*.submit", "checkout.form.submit"), true);
  assert.equal(globMatch("*", ""), true);
  assert.equal(globMatch("home.*", "homes.x"), false);
});

Deno.test("glob question mark matches exactly one character", () => {
  assert.equal(globMatch("row.?", "row.7"), true);
  assert.equal(globMatch("row.?", "row.12"), false);
  assert.equal(globMatch("row.?", "row."), false);
});

Deno.test("glob matches the whole identifier, not a substring", () => {
  assert.equal(globMatch("submit", "form.submit"), false);
  assert.equal(globMatch("form", "form.submit"), false);
});

Deno.test("glob is case-sensitive", () => {
  assert.equal(globMatch("Home.*", "home.title"), false);
  assert.equal(globMatch("home.*", "home.Title"), true);
});

Deno.test("glob [seq] matches one listed character or range", () => {
  assert.equal(globMatch("row.[0-9]", "row.4"), true);
  assert.equal(globMatch("row.[abc]", "row.b"), true);
  assert.equal(globMatch("row.[abc]", "row.d"), false);
});

Deno.test("glob [!seq] matches one character not in the set", () => {
  assert.equal(globMatch("row.[!0-9]", "row.x"), true);
  assert.equal(globMatch("row.[!0-9]", "row.5"), false);
  assert.equal(globMatch("row.[!0-9]", "row."), false);
});

Deno.test("glob ] first in a set is a member", () => {
  assert.equal(globMatch("a[]]b", "a]b"), true);
  assert.equal(globMatch("a[!]]b", "a]b"), false);
  assert.equal(globMatch("a[!]]b", "axb"), true);
});

Deno.test("glob unclosed [ is a literal", () => {
  assert.equal(globMatch("a[b", "a[b"), true);
  assert.equal(globMatch("a[b", "ab"), false);
});

Deno.test("glob regex metacharacters are literal", () => {
  assert.equal(globMatch("a.b+(c)|$^{1}\\", "a.b+(c)|$^{1}\\"), true);
  assert.equal(globMatch("a.b", "axb"), false);
});

Deno.test("glob reversed range is empty instead of throwing", () => {
  assert.equal(globMatch("[z-a]", "m"), false);
  assert.equal(globMatch("[!z-a]", "m"), true);
});

Deno.test("glob regexp is stateless across repeated tests", () => {
  const re = globToRegExp("row.*");
  assert.equal(re.test("row.1"), true);
  assert.equal(re.test("row.1"), true);
  assert.equal(re.flags.includes("g"), false);
});
