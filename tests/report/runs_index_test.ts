import assert from "node:assert/strict";
import { join } from "node:path";
import { renderRunsIndex } from "../../src/report/history.ts";
import { isOwnIndex, refreshRunsIndex } from "../../src/report/runs_index.ts";
import { RUNS_INDEX_MARKER } from "../../src/report/runs_index_marker.ts";
import { writeReport } from "../../src/report/write_report.ts";
import { smallRun } from "./fixtures.ts";

const USER_PAGE = "<!doctype html><title>My project</title><p>hand written</p>\n";

async function withRuns(fn: (runs: string) => Promise<void>) {
  const runs = await Deno.makeTempDir();
  try {
    await fn(runs);
  } finally {
    await Deno.remove(runs, { recursive: true });
  }
}

Deno.test("runs index: a user's own index.html is left alone; the index goes beside it", async () => {
  await withRuns(async (runs) => {
    await Deno.writeTextFile(join(runs, "index.html"), USER_PAGE);
    const warnings: string[] = [];
    const { indexPath } = await writeReport(join(runs, "20240501-101500"), smallRun(), {
      warn: (l) => warnings.push(l),
    });
    assert.equal(await Deno.readTextFile(join(runs, "index.html")), USER_PAGE);
    assert.equal(indexPath, join(runs, "bajutsu-index.html"));
    const page = await Deno.readTextFile(indexPath!);
    assert.ok(page.includes('href="20240501-101500/report.html"'));
    assert.deepEqual(warnings, [
      `${join(runs, "index.html")} is not bajutsu's and was left alone; ` +
      `the runs index is at ${join(runs, "bajutsu-index.html")}`,
    ]);
    // The next run keeps to the same rule and updates the page it owns.
    await writeReport(join(runs, "20240502-000000"), smallRun("20240502-000000"));
    assert.equal(await Deno.readTextFile(join(runs, "index.html")), USER_PAGE);
    assert.ok(
      (await Deno.readTextFile(indexPath!)).includes('href="20240502-000000/report.html"'),
    );
  });
});

Deno.test("runs index: its own page (this or an older version's) is replaced in place", async () => {
  await withRuns(async (runs) => {
    const first = await writeReport(join(runs, "20240501-101500"), smallRun());
    assert.equal(first.indexPath, join(runs, "index.html"));
    assert.ok((await Deno.readTextFile(first.indexPath!)).includes(RUNS_INDEX_MARKER));
    // An older bajutsu's page: no marker, but its summaries block.
    const legacy = renderRunsIndex([]).replace(RUNS_INDEX_MARKER, "");
    assert.ok(isOwnIndex(legacy));
    await Deno.writeTextFile(join(runs, "index.html"), legacy);
    const warnings: string[] = [];
    assert.equal(
      await refreshRunsIndex(runs, undefined, { warn: (l) => warnings.push(l) }),
      join(runs, "index.html"),
    );
    assert.ok((await Deno.readTextFile(join(runs, "index.html"))).includes("20240501-101500"));
    assert.deepEqual(warnings, []);
  });
});

Deno.test("runs index: a symlink or folder named index.html is not bajutsu's", async () => {
  await withRuns(async (runs) => {
    const target = join(runs, "..", `${runs.split("/").pop()}-elsewhere.html`);
    await Deno.writeTextFile(target, renderRunsIndex([]));
    try {
      await Deno.symlink(target, join(runs, "index.html"));
      assert.equal(await refreshRunsIndex(runs), join(runs, "bajutsu-index.html"));
      assert.ok((await Deno.lstat(join(runs, "index.html"))).isSymlink);
      assert.equal(await Deno.readTextFile(target), renderRunsIndex([]));
    } finally {
      await Deno.remove(target);
    }
  });
  await withRuns(async (runs) => {
    await Deno.mkdir(join(runs, "index.html"));
    assert.equal(await refreshRunsIndex(runs), join(runs, "bajutsu-index.html"));
    assert.ok((await Deno.lstat(join(runs, "index.html"))).isDirectory);
  });
});

Deno.test("runs index: when both names hold user files, no index is written and it says so", async () => {
  await withRuns(async (runs) => {
    await Deno.writeTextFile(join(runs, "index.html"), USER_PAGE);
    await Deno.writeTextFile(join(runs, "bajutsu-index.html"), USER_PAGE);
    const warnings: string[] = [];
    assert.equal(await refreshRunsIndex(runs, undefined, { warn: (l) => warnings.push(l) }), null);
    assert.equal(await Deno.readTextFile(join(runs, "index.html")), USER_PAGE);
    assert.equal(await Deno.readTextFile(join(runs, "bajutsu-index.html")), USER_PAGE);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /are not bajutsu's; left them alone and wrote no runs index$/);
  });
});

Deno.test("runs index: the page carries its generator marker", () => {
  const page = renderRunsIndex([]);
  assert.ok(page.includes(RUNS_INDEX_MARKER));
  assert.ok(isOwnIndex(page));
  assert.ok(!isOwnIndex(USER_PAGE));
});
