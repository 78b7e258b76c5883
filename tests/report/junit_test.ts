import assert from "node:assert/strict";
import { XMLParser } from "fast-xml-parser";
import { junitXml } from "../../src/report/junit.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { HOSTILE_NAME, HOSTILE_REASON, matrixRun, smallRun } from "./fixtures.ts";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  isArray: (name) => name === "testcase",
  trimValues: false,
  htmlEntities: true,
});

type Case = {
  "@name": string;
  "@classname": string;
  failure?: { "@message": string; "#text": string };
  "system-out"?: string;
};

function parse(xml: string) {
  const doc = parser.parse(xml);
  return doc.testsuite as {
    "@name": string;
    "@tests": string;
    "@failures": string;
    testcase: Case[];
  };
}

Deno.test("junit: suite counts, no declaration, no time attributes", () => {
  const xml = junitXml(buildManifest(smallRun()));
  assert.ok(xml.startsWith('<testsuite name="bajutsu" tests="2" failures="1">'));
  assert.ok(!xml.includes("<?xml"));
  assert.ok(!/\btime=/.test(xml));
  const suite = parse(xml);
  assert.equal(suite.testcase.length, 2);
  assert.deepEqual(suite.testcase.map((c) => c["@classname"]), ["bajutsu", "bajutsu"]);
});

Deno.test("junit: failure message is the failure string and text lists every step", () => {
  const suite = parse(junitXml(buildManifest(smallRun())));
  const [pass, fail] = suite.testcase;
  assert.equal(pass.failure, undefined);
  assert.equal(fail["@name"], HOSTILE_NAME);
  assert.equal(fail.failure?.["@message"], `step 1 (tap): ${HOSTILE_REASON}`);
  assert.equal(fail.failure?.["#text"], `step 0 type: ok\nstep 1 tap: FAIL ${HOSTILE_REASON}`);
});

Deno.test("junit: system-out carries the phase-wise step list and screenshot attachments", () => {
  const xml = junitXml(buildManifest(smallRun()), { attachmentPrefix: "runs/20240501-101500/" });
  const [pass, fail] = parse(xml).testcase;
  assert.equal(
    pass["system-out"],
    [
      "before 0 tap: ok",
      "step 0 tap: ok",
      "step 1 assert: ok",
      "expect exists: ok",
      "[[ATTACHMENT|runs/20240501-101500/00-login/step0/before.png]]",
      "[[ATTACHMENT|runs/20240501-101500/00-login/step0/after.png]]",
      "[[ATTACHMENT|runs/20240501-101500/00-login/check/before.png]]",
      "[[ATTACHMENT|runs/20240501-101500/00-login/check/after.png]]",
      "",
    ].join("\n"),
  );
  const out = fail["system-out"] ?? "";
  assert.ok(out.includes("step 2 wait: skipped\nafter 0 tap: ok\n"), out);
  assert.ok(!out.includes("elements.json"), "only screenshots and videos are attached");
});

Deno.test("junit: escapes markup, quotes and ampersands in names and messages", () => {
  const xml = junitXml(buildManifest(smallRun()));
  assert.ok(!xml.includes("<script>"));
  assert.ok(xml.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 'co'"));
  const reasonInText = HOSTILE_REASON.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(
    />/g,
    "&gt;",
  );
  assert.ok(xml.includes(reasonInText));
});

Deno.test("junit: newlines in a failure message survive as character references", () => {
  const input = smallRun();
  input.results[1].result.failure = "line one\nline two";
  const xml = junitXml(buildManifest(input));
  assert.ok(xml.includes('message="line one&#10;line two"'));
  assert.equal(parse(xml).testcase[1].failure?.["@message"], "line one\nline two");
});

Deno.test("junit: characters XML cannot carry become U+FFFD", () => {
  const input = smallRun();
  input.results[0].result.scenario = "bell\u0007name";
  const xml = junitXml(buildManifest(input));
  assert.ok(xml.includes('name="bell\uFFFDname"'));
});

Deno.test("junit: matrix cases are classed per engine", () => {
  const suite = parse(junitXml(buildManifest(matrixRun())));
  assert.deepEqual(suite.testcase.map((c) => c["@classname"]), [
    "bajutsu.chromium",
    "bajutsu.chromium",
    "bajutsu.firefox",
    "bajutsu.firefox",
  ]);
  assert.equal(suite["@failures"], "1");
});
