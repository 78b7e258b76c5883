import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { clientScript } from "../../src/report/html/client.ts";
import { escapeHtml, jsonForScript, relativeHref } from "../../src/report/html/escape.ts";
import { renderReport } from "../../src/report/html/render.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import type { ManifestScenario } from "../../src/report/manifest_types.ts";
import type { ScenarioSummary } from "../../src/report/html/summary.ts";
import { HOSTILE_NAME, HOSTILE_REASON, matrixRun, smallRun } from "./fixtures.ts";

function embedded<T>(html: string, id: string): T {
  const m = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, "s").exec(html);
  assert.ok(m, `no #${id}`);
  return JSON.parse(m[1]) as T;
}

Deno.test("report.html loads nothing remote: no remote URL, no external script or stylesheet", () => {
  const html = renderReport(buildManifest(matrixRun()), { scenarioYaml: "name: x\n" });
  assert.ok(!/(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i.test(html));
  assert.ok(!/<script[^>]*\bsrc\s*=/i.test(html));
  assert.ok(!/<link\b/i.test(html));
  assert.ok(!/@import|url\(\s*["']?https?:/i.test(html));
  assert.ok(html.includes("<style>"));
});

Deno.test("report.html header shows the run id, verdict, chips and controls", () => {
  const html = renderReport(buildManifest(smallRun()));
  assert.ok(html.includes("<title>Bajutsu run 20240501-101500</title>"));
  assert.ok(html.includes('Bajutsu run 20240501-101500 <span class="verdict fail">FAIL</span>'));
  // Wall time runs from the first start to the last end; Σ adds the scenario durations.
  for (const chip of ["1 passed", "1 failed", "wall 6.50s", "Σ 6.25s", "driver: fake"]) {
    assert.ok(html.includes(`>${chip}</span>`), chip);
  }
  assert.ok(html.includes(">2 devices</span>"));
  // The page says it needs its folder (README says the same).
  assert.ok(html.includes("Screenshots and videos are the files beside this page"));
  assert.ok(html.includes('id="only-failures"'));
  assert.ok(html.includes('id="expand-all"') && html.includes('id="collapse-all"'));
});

Deno.test("report.html embeds the failing step's reason and screenshot path", () => {
  const html = renderReport(buildManifest(smallRun()));
  const failing = embedded<ManifestScenario>(html, "bj-s-1").steps[1];
  assert.equal(failing.reason, HOSTILE_REASON);
  assert.ok(
    failing.artifacts.some((a) => a.name === "01-script-alert-x-script-co/step1/after.png"),
  );
  assert.ok(html.includes("01-script-alert-x-script-co/step1/after.png"));
});

Deno.test("report.html escapes a <script> scenario name everywhere", () => {
  const html = renderReport(buildManifest(matrixRun()), { scenarioYaml: "</script><script>" });
  assert.ok(!html.includes(HOSTILE_NAME));
  assert.ok(!html.includes("<script>alert"));
  assert.ok(!html.includes("</script><script>"));
  // Every <script> element is one of ours: data blocks and the page script.
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  assert.ok(tags.every((t) => t === "<script>" || t.startsWith('<script type="application/json"')));
  assert.equal(tags.filter((t) => t === "<script>").length, 1);
  assert.ok(html.includes(escapeHtml(HOSTILE_NAME)), "matrix row shows the escaped name");
  assert.equal(embedded<ManifestScenario>(html, "bj-s-1").scenario, HOSTILE_NAME);
  assert.equal(embedded<ScenarioSummary[]>(html, "bj-summary")[1].name, HOSTILE_NAME);
});

Deno.test("report.html pins its inline script by hash in the CSP", () => {
  const html = renderReport(buildManifest(smallRun()));
  const script = clientScript();
  const hash = createHash("sha256").update(script).digest("base64");
  assert.ok(html.includes(`<script>${script}</script>`));
  assert.ok(html.includes(`script-src 'sha256-${hash}'`));
  assert.ok(html.includes("default-src 'none'"));
  assert.ok(!script.includes("</script"));
});

Deno.test("report.html: summaries for every block, one data block per scenario, script first", () => {
  const m = buildManifest(matrixRun());
  const html = renderReport(m);
  assert.deepEqual(embedded<ScenarioSummary[]>(html, "bj-summary")[0], {
    name: "login",
    ok: true,
    durationS: 1.75,
    engine: "chromium",
    backend: "fake",
    target: "",
    device: "iPhone 15 (iOS 17.2)",
    description: "signs in",
    repetition: null,
    verdict: null,
  });
  m.scenarios.forEach((s, i) => assert.deepEqual(embedded(html, `bj-s-${i}`), s));
  // The page script precedes the bulky per-scenario data so the list draws first.
  assert.ok(html.indexOf("<script>(") < html.indexOf('id="bj-s-0"'));
});

Deno.test("report.html embeds element trees by artifact name", () => {
  const tree = [{ identifier: "a<b", label: "x", value: null, traits: [], frame: [0, 0, 1, 1] }];
  const html = renderReport(buildManifest(smallRun()), {
    elementTrees: { "00-login/step0/elements.json": tree },
  });
  assert.deepEqual(embedded(html, "bj-el-index"), { "00-login/step0/elements.json": 0 });
  assert.deepEqual(embedded(html, "bj-el-0"), tree);
  assert.ok(!html.includes("a<b"));
});

Deno.test("matrix grid: one row per scenario, PASS/FAIL per engine, failure as tooltip", () => {
  const html = renderReport(buildManifest(matrixRun()));
  assert.ok(html.includes("<th>chromium</th><th>firefox</th>"));
  assert.ok(html.includes('<td class="fail" title="step 1 (tap): no match: {&quot;id&quot;:'));
  assert.ok(html.includes('<a href="#s3">FAIL</a>'));
  assert.equal(renderReport(buildManifest(smallRun())).includes('class="matrix"'), false);
});

Deno.test("escape helpers", () => {
  assert.equal(
    escapeHtml(`<a href="x">'&'</a>`),
    "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
  );
  assert.equal(jsonForScript("</script>&\u2028"), '"\\u003c/script\\u003e\\u0026\\u2028"');
  assert.equal(JSON.parse(jsonForScript("</script>&\u2028")), "</script>&\u2028");
  assert.equal(relativeHref("00-a/step 1/#x.png"), "00-a/step%201/%23x.png");
  for (const bad of ["javascript:alert(1)", "/etc/passwd", "../x.png", "a/../../b", "C:\\x", ""]) {
    assert.equal(relativeHref(bad), null, bad);
  }
});
