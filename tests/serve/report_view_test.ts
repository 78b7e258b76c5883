/** Reports are brought up to date on view: rendered once per change of the run's inputs. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ReportViews } from "../../src/serve/report_view.ts";
import { writeRun } from "./helpers.ts";

Deno.test("an old report is re-rendered and stored once; a changed manifest renders again", async () => {
  const runs = await Deno.makeTempDir({ prefix: "bajutsu-report-view-" });
  try {
    const dir = await writeRun(runs, "20240101-000000", [{ name: "a", ok: true }]);
    const report = join(dir, "report.html");
    const views = new ReportViews();
    assert.deepEqual(await views.view(dir), { kind: "file" });
    const fresh = await Deno.readTextFile(report);
    assert.match(fresh, /<title>Bajutsu run 20240101-000000<\/title>/);
    // Unchanged inputs: no second rendering, the stored page is served as it is.
    await Deno.writeTextFile(report, "edited by hand");
    assert.deepEqual(await views.view(dir), { kind: "file" });
    assert.equal(await Deno.readTextFile(report), "edited by hand");
    // A rewritten manifest (another stamp) is rendered again.
    await writeRun(runs, "20240101-000000", [{ name: "a", ok: true }, { name: "b", ok: false }]);
    assert.deepEqual(await views.view(dir), { kind: "file" });
    assert.match(await Deno.readTextFile(report), /1 failed/);
    // No manifest to render from: the stored file stays what it is.
    await Deno.remove(join(dir, "manifest.json"));
    await Deno.writeTextFile(report, "baked");
    assert.deepEqual(await views.view(dir), { kind: "file" });
    assert.equal(await Deno.readTextFile(report), "baked");
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
});
