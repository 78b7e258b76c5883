import assert from "node:assert/strict";
import { parseCsv } from "../../../src/scenario/templating/csv.ts";

const fields = (text: string) => parseCsv(text).records.map((r) => r.fields);

Deno.test("plain fields split on commas and line ends (LF, CRLF, CR)", () => {
  assert.deepEqual(fields("a,b\n1,2\r\n3,4\r5,6"), [["a", "b"], ["1", "2"], ["3", "4"], [
    "5",
    "6",
  ]]);
});

Deno.test("quoted fields keep commas, line breaks and doubled quotes", () => {
  assert.deepEqual(fields('x,y\n"a,b","say ""hi"""\n"l1\r\nl2",""\n'), [
    ["x", "y"],
    ["a,b", 'say "hi"'],
    ["l1\r\nl2", ""],
  ]);
});

Deno.test("empty fields, blank lines and a BOM", () => {
  assert.deepEqual(fields("\uFEFFa,b,c\n\n,,\n\r\n1,,3"), [["a", "b", "c"], ["", "", ""], [
    "1",
    "",
    "3",
  ]]);
});

Deno.test("records carry the line they start on", () => {
  const r = parseCsv('h\n"a\nb"\nc\n').records;
  assert.deepEqual(r.map((x) => x.line), [1, 2, 4]);
});

Deno.test("an unterminated quote is an error at its opening", () => {
  const r = parseCsv('a,b\n1,"2\n3');
  assert.deepEqual(r.error, { line: 2, col: 3, message: "unterminated quoted field" });
});

Deno.test("text after a closing quote is an error", () => {
  const r = parseCsv('a\n"x"y\n');
  assert.deepEqual(r.error, {
    line: 2,
    col: 4,
    message: "unexpected character after a closing quote",
  });
});

Deno.test("a quote inside an unquoted field is kept as text", () => {
  assert.deepEqual(fields('a\n5" tall\n'), [["a"], ['5" tall']]);
});
