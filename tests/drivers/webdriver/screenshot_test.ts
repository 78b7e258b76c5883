import assert from "node:assert/strict";
import { pngFromBase64 } from "../../../src/drivers/webdriver/screenshot.ts";
import { MalformedReply } from "../../../src/drivers/webdriver/errors.ts";
import { solidPng } from "../../../src/drivers/fake/png.ts";

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

Deno.test("a base64 PNG decodes to its exact bytes, wrapped lines or not", () => {
  const png = solidPng(3, 2, [255, 0, 0]);
  assert.deepEqual(pngFromBase64(base64(png)), png);
  const wrapped = base64(png).replace(/(.{76})/g, "$1\r\n");
  assert.ok(wrapped.includes("\n"));
  assert.deepEqual(pngFromBase64(wrapped), png);
});

Deno.test("junk fails loudly: not a string, not base64, not a PNG, a truncated PNG", () => {
  const png = solidPng(1, 1, [0, 0, 0]);
  const cases: [unknown, RegExp][] = [
    [null, /not a base64 string \(got null\)/],
    [{ value: "x" }, /not a base64 string \(got object\)/],
    ["", /not a base64 string/],
    ["@@@not base64@@@", /not valid base64/],
    [btoa("<html>error</html>"), /not a PNG \(18 bytes, starting 3c 68 74 6d 6c 3e 65 72\)/],
    [base64(png.subarray(0, 10)), /not a PNG \(10 bytes/],
    [
      base64(new Uint8Array([...png.subarray(0, 12), 0, 0, 0, 0, ...png.subarray(16)])),
      /not a PNG/,
    ],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => pngFromBase64(value),
      (e) => e instanceof MalformedReply && message.test(e.message),
      String(value),
    );
  }
});
