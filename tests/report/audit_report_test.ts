/**
 * The report's audit views: waits, latency (tables and budget), element overlays and each step's
 * network exchanges and log lines (docs/reports.md#waits, #latency, #element-frames,
 * #network-and-device-log-in-the-steps).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderReport } from "../../src/report/html/render.ts";
import { latencySummary, quantile } from "../../src/report/latency_summary.ts";
import { parseManifest } from "../../src/report/load.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { manifestText } from "../../src/report/manifest_text.ts";
import { lineTime, placeTraffic } from "../../src/report/step_traffic.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { HOSTILE_NAME, smallRun, step } from "./fixtures.ts";

function audited() {
  const input = smallRun();
  const s = input.results[0].result;
  s.steps = [
    step(0, "tap", {
      durationS: 0.4,
      startedAt: 1000,
      latency: { readS: 0.1, actS: 0.2, waitS: 0, evidenceS: 0.05 },
      overlay: {
        shot: "before",
        screen: [390, 844],
        scale: 3,
        boxes: [{ frame: [16, 600, 358, 44], role: "target", label: HOSTILE_NAME }],
        point: [195, 622],
      },
    }),
    step(1, "wait", {
      durationS: 3,
      startedAt: 1000.4,
      waits: [{
        kind: "settled",
        endedBy: "timeout",
        reads: 61,
        seconds: 3,
        timeoutS: 3,
        stableReads: 1,
      }],
      latency: { readS: 1, actS: 0, waitS: 1.9, evidenceS: 0.05 },
    }),
  ];
  return input;
}

Deno.test("quantile: nearest rank", () => {
  assert.equal(quantile([], 0.95), 0);
  assert.equal(quantile([3, 1, 2, 4], 0.5), 2);
  assert.equal(quantile([3, 1, 2, 4], 0.95), 4);
  assert.equal(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.95), 95);
});

Deno.test("manifest: waits, latency and overlay per step survive a write and a re-read", () => {
  const m = buildManifest(audited());
  const back = parseManifest(manifestText(m));
  const [tap, wait] = back.scenarios[0].steps;
  assert.deepEqual(tap.latency, { read_s: 0.1, act_s: 0.2, wait_s: 0, evidence_s: 0.05 });
  assert.deepEqual(tap.overlay?.point, [195, 622]);
  assert.equal(tap.overlay?.scale, 3);
  assert.deepEqual(wait.waits[0], {
    kind: "settled",
    ended_by: "timeout",
    reads: 61,
    seconds: 3,
    timeout_s: 3,
    stable_reads: 1,
    watcher_acts: 0,
    watcher_removed: 0,
  });
  assert.deepEqual(back.latency, m.latency);
});

Deno.test("latency summary: p50/p95 per kind and backend, slowest first, budget verdict", () => {
  const m = buildManifest({ ...audited(), latencyBudget: { stepP95S: 0.5 } });
  const lat = m.latency!;
  assert.equal(lat.slowest[0].action, "wait");
  assert.equal(lat.slowest[0].duration_s, 3);
  const wait = lat.groups.find((g) => g.action === "wait")!;
  assert.equal(wait.wait_p50_s, 1.9);
  assert.equal(lat.budget?.ok, false);
  assert.match(lat.budget!.message, /^latency budget exceeded: step p95 3000 ms over \d+ steps/);
  assert.equal(m.ok, false, "a breached budget fails the run");
  const within = latencySummary(m.scenarios, 10);
  assert.equal(within.budget?.ok, true);
  assert.equal(buildManifest(audited()).latency?.budget, null, "no budget, no verdict");
});

Deno.test("report.html: latency section, budget message, and no page text outside data blocks", () => {
  const html = renderReport(buildManifest({ ...audited(), latencyBudget: { stepP95S: 0.5 } }));
  assert.match(html, /<details class="latency" id="latency" open>/);
  assert.match(html, /latency budget exceeded: step p95 3000 ms/);
  assert.ok(!html.includes(HOSTILE_NAME), "the overlay label travels escaped inside JSON");
});

Deno.test("traffic: exchanges go under the step they started in, log lines under theirs", () => {
  const m = buildManifest(audited());
  const s = m.scenarios[0];
  s.steps[1].artifacts.push({ name: "00-x/step1/device.log", kind: "deviceLog", provider: "d" });
  const t = placeTraffic(s, [
    { method: "GET", url: "http://x/boot", status: 200, durationMs: 5, startedAt: 990 },
    { method: "POST", url: "http://x/save", status: 500, durationMs: 12, startedAt: 1000.1 },
    { method: "GET", url: "http://x/list", status: 200, durationMs: 8, startedAt: 1001 },
  ], { "00-x/step1/device.log": ["[log] one", "2024-05-01 10:15:00.5+0000 stamped", "[log] two"] });
  assert.deepEqual(t.before_steps.map((e) => e.url), ["http://x/boot"]);
  assert.deepEqual(t.steps["steps:0"].map((e) => [e.method, e.status]), [["POST", 500]]);
  assert.deepEqual(
    t.steps["steps:1"].map((e) => e.kind === "log" ? e.text : e.url),
    ["[log] one", "http://x/list", "2024-05-01 10:15:00.5+0000 stamped", "[log] two"],
  );
  assert.equal(
    lineTime("2024-05-01 10:15:00.5+0000 x"),
    Date.UTC(2024, 4, 1, 10, 15, 0, 500) / 1000,
  );
  assert.equal(lineTime("[log] no stamp"), null);
});

Deno.test("writeReport embeds each scenario's traffic from network.json and device.log", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-audit-" });
  try {
    const input = audited();
    const rec = input.results[0];
    await Deno.mkdir(join(dir, "run", rec.sid, "step1"), { recursive: true });
    const evil = `<script>alert(1)</script>`;
    await Deno.writeTextFile(
      join(dir, "run", rec.sid, "network.json"),
      JSON.stringify([{
        method: "GET",
        url: `http://x/${evil}`,
        status: 200,
        durationMs: 1,
        startedAt: 1000.2,
      }]),
    );
    await Deno.writeTextFile(join(dir, "run", rec.sid, "step1", "device.log"), `[log] ${evil}\n`);
    rec.artifacts = [{ name: `${rec.sid}/network.json`, kind: "network", provider: "collector" }];
    rec.result.steps[1].artifacts = [{
      name: `${rec.sid}/step1/device.log`,
      kind: "deviceLog",
      provider: "d",
    }];
    await writeReport(join(dir, "run"), input);
    const html = await Deno.readTextFile(join(dir, "run", "report.html"));
    const m = /<script type="application\/json" id="bj-t-0">(.*?)<\/script>/s.exec(html);
    assert.ok(m, "traffic block embedded");
    const t = JSON.parse(m[1]);
    assert.equal(t.steps["steps:0"][0].url, `http://x/${evil}`);
    assert.equal(t.steps["steps:1"][0].text, `[log] ${evil}`);
    assert.ok(!html.includes(evil), "page text only inside escaped JSON");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
