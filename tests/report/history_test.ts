import assert from "node:assert/strict";
import { join } from "node:path";
import { indexedRunsOf, listRuns, renderRunsIndex, scanRuns } from "../../src/report/history.ts";
import { buildManifest } from "../../src/report/manifest.ts";
import { HOSTILE_NAME, smallRun } from "./fixtures.ts";

async function withRuns(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function putRun(runs: string, id: string, manifest: string, report = true) {
  await Deno.mkdir(join(runs, id), { recursive: true });
  await Deno.writeTextFile(join(runs, id, "manifest.json"), manifest);
  if (report) await Deno.writeTextFile(join(runs, id, "report.html"), "<!doctype html>");
}

Deno.test("listRuns: newest first, summaries, skipping corrupt and incomplete runs", async () => {
  await withRuns(async (runs) => {
    const failing = JSON.stringify(buildManifest(smallRun("20240501-101500")));
    const input = smallRun("20240502-090000");
    input.results = [input.results[0]];
    const passing = JSON.stringify(buildManifest(input));
    await putRun(runs, "20240501-101500", failing);
    await putRun(runs, "20240502-090000", passing, false);
    await putRun(runs, "20240503-000000", "{ not json");
    await putRun(runs, "20240504-000000", JSON.stringify({ hello: 1 }));
    await Deno.mkdir(join(runs, "20240505-000000")); // killed before its manifest
    await putRun(runs, ".trash/20240506-000000", passing);
    await Deno.writeTextFile(join(runs, "index.html"), "");
    const list = await listRuns(runs);
    assert.deepEqual(list, [
      {
        id: "20240502-090000",
        ok: true,
        report: false,
        scenarios: ["login"],
        passed: 1,
        total: 1,
        outcomes: { login: true },
      },
      {
        id: "20240501-101500",
        ok: false,
        report: true,
        scenarios: ["login", HOSTILE_NAME],
        passed: 1,
        total: 2,
        outcomes: { login: true, [HOSTILE_NAME]: false },
      },
    ]);
  });
});

Deno.test("listRuns: a missing runs dir is an empty history", async () => {
  await withRuns(async (runs) => {
    assert.deepEqual(await listRuns(join(runs, "nope")), []);
  });
});

Deno.test("renderRunsIndex: verdicts, links, escaping, offline page", () => {
  const html = renderRunsIndex([
    {
      id: "20240502-090000",
      ok: true,
      report: true,
      scenarios: ["a"],
      passed: 1,
      total: 1,
      outcomes: { a: true },
    },
    {
      id: "20240501-101500",
      ok: false,
      report: false,
      scenarios: [HOSTILE_NAME],
      passed: 0,
      total: 1,
      outcomes: { [HOSTILE_NAME]: false },
    },
  ]);
  assert.ok(html.includes('<a href="20240502-090000/report.html">20240502-090000</a>'));
  assert.ok(html.includes('<a href="20240501-101500/manifest.json">'));
  assert.ok(html.includes('<span class="pill ok">PASS</span>'));
  assert.ok(html.includes('<span class="pill fail">FAIL</span>'));
  assert.ok(html.indexOf("20240502-090000") < html.indexOf("20240501-101500"));
  assert.ok(!html.includes(HOSTILE_NAME));
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  assert.deepEqual(tags, ['<script type="application/json" id="bj-runs">']);
  assert.ok(!/(?:src|href)\s*=\s*["']?https?:/i.test(html));
  assert.ok(renderRunsIndex([]).includes("no runs yet"));
});

Deno.test("scanRuns reuses a known summary only while the manifest stamp is unchanged", async () => {
  await withRuns(async (runs) => {
    await putRun(runs, "20240501-101500", JSON.stringify(buildManifest(smallRun())));
    const [first] = await scanRuns(runs);
    assert.match(first.stamp, /^\d+:\d+$/);
    // A stale cache entry with the right stamp wins (no re-parse)…
    const fake = { ...first, scenarios: ["from cache"] };
    const cached = await scanRuns(runs, new Map([[first.id, fake]]));
    assert.deepEqual(cached[0].scenarios, ["from cache"]);
    // …and one with another stamp is ignored.
    const stale = { ...fake, stamp: "0:0" };
    const reread = await scanRuns(runs, new Map([[first.id, stale]]));
    assert.deepEqual(reread[0].scenarios, ["login", HOSTILE_NAME]);
  });
});

Deno.test("runs index carries its summaries for the next refresh", () => {
  const entry = {
    id: "20240501-101500",
    ok: false,
    report: true,
    scenarios: [HOSTILE_NAME],
    passed: 0,
    total: 1,
    outcomes: { [HOSTILE_NAME]: false },
    stamp: "1:2",
  };
  const html = renderRunsIndex([entry]);
  assert.deepEqual([...indexedRunsOf(html).values()], [entry]);
  assert.equal(indexedRunsOf("<html>nothing</html>").size, 0);
  assert.equal(
    indexedRunsOf('<script type="application/json" id="bj-runs">[{"id":1}]</script>').size,
    0,
  );
});
