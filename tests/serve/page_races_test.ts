/**
 * The page when the server's answers arrive out of order: what it shows belongs to the user's
 * last choice. The page's modules run in a fake browser whose fetch holds every request until
 * the test answers it, so "the older request answers last" is an order the test sets, not a
 * timing it hopes for.
 */
import assert from "node:assert/strict";
import { type FakeDocument, type FakePage, openFakePage, until } from "./fake_page.ts";

const TARGETS = {
  config: "bajutsu.config.yaml",
  targets: [{ name: "demo", platform: "web" }, { name: "slow", platform: "fake" }],
};

function file(path: string, tags: string[] = []) {
  return {
    path,
    scenarios: [{ name: path.replace(".yaml", ""), tags, description: null }],
    tags,
    errors: [],
    warnings: [],
  };
}

/** The files the scenario list offers. */
function listed(document: FakeDocument): string[] {
  return document.getElementById("scenario-list").descendants()
    .filter((e) => e.tagName === "input").map((e) => e.value);
}

function options(document: FakeDocument, id: string): string[] {
  return document.getElementById(id).options().map((o) => o.value);
}

/** Yields to the page for a few turns of the event loop (no wall-clock wait). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((r) => setTimeout(r, 0));
}

/** Starts the page and logs it in (no token) up to its first scenario listing. */
async function bootPage(page: FakePage, targets = TARGETS) {
  await page.import("main.js");
  (await page.server.next("/api/info")).answer({ auth: false });
  (await page.server.next("/api/targets")).answer(targets);
}

for (const abortable of [true, false]) {
  const how = abortable ? "" : " (an answer already on its way, too late to abort)";
  Deno.test(`a slow listing of the first target does not replace the one picked next${how}`, async () => {
    const page = await openFakePage();
    const { server, document } = page;
    if (!abortable) {
      const fetchAll = server.fetch;
      (globalThis as Record<string, unknown>).fetch = (path: string, init: RequestInit = {}) =>
        fetchAll(path, { ...init, signal: undefined });
    }
    try {
      await bootPage(page);
      const demoListing = await server.next("/api/scenarios?target=demo");
      // The user picks `slow` while the demo suite is still being linted.
      const target = document.getElementById("target");
      target.value = "slow";
      target.dispatch("change");
      const slowListing = await server.next("/api/scenarios?target=slow");
      assert.deepEqual(listed(document), [], "nothing to pick while the listing loads");
      assert.equal(document.getElementById("scenario-empty").hidden, true, "not 'no files' yet");
      slowListing.answer({ target: "slow", files: [file("long_job.yaml", ["long"])] });
      await until(() => listed(document).length > 0, "slow's files drawn");
      assert.deepEqual(listed(document), ["long_job.yaml"]);

      demoListing.answer({
        target: "demo",
        files: [file("login.yaml", ["smoke"]), file("counter.yaml")],
      });
      // The page asks for the history once the first listing is over, drawn or dropped.
      (await server.next("/api/runs")).answer({ runs: [] });
      await settle();
      assert.equal(target.value, "slow");
      assert.deepEqual(listed(document), ["long_job.yaml"]);
      assert.deepEqual(options(document, "tag"), ["", "long"]);
      assert.equal(
        document.getElementById("run-error").hidden,
        true,
        "no error for a dropped call",
      );
      assert.equal(demoListing.aborted, abortable, "the older request is aborted");
    } finally {
      await page.close();
    }
  });
}

Deno.test("a history listing that answers after the switch to the trash is not drawn", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=demo")).answer({ target: "demo", files: [] });
    const history = await server.next("/api/runs");
    document.getElementById("trash-toggle").dispatch("click");
    (await server.next("/api/runs/trash")).answer({ runs: [] });
    const empty = document.getElementById("history-empty");
    await until(() => empty.textContent === "The trash is empty.", "the trash drawn");

    history.answer({
      runs: [{
        id: "20260101-120000",
        ok: true,
        cancelled: false,
        report: true,
        startedAt: "2026-01-01T12:00:00Z",
        durationS: 3,
        passed: 1,
        total: 1,
        scenarios: ["log in"],
      }],
    });
    // The page asks for the jobs once the first history listing is over, drawn or dropped.
    (await server.next("/api/jobs")).answer({ jobs: [] });
    await settle();
    assert.equal(document.getElementById("history-title").textContent, "Trash");
    assert.equal(document.getElementById("history-rows").children.length, 0, "no rows");
    assert.equal(empty.hidden, false);
    assert.equal(empty.textContent, "The trash is empty.");
    assert.deepEqual(options(document, "history-filter"), [], "no names from the late listing");
  } finally {
    await page.close();
  }
});

Deno.test("on load the page follows the run in progress", async () => {
  const page = await openFakePage();
  const { server } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=demo")).answer({ target: "demo", files: [] });
    (await server.next("/api/runs")).answer({ runs: [] });
    (await server.next("/api/jobs")).answer({ jobs: [{ id: "job-7", status: "running" }] });
    await until(() => page.streams.length === 1, "the run followed");
    assert.equal(page.streams[0].url, "/api/jobs/job-7/events");
  } finally {
    await page.close();
  }
});

Deno.test("a run started while the page looks for one in progress stays the one followed", async () => {
  const page = await openFakePage();
  const { server, document } = page;
  try {
    await bootPage(page);
    (await server.next("/api/scenarios?target=demo")).answer({
      target: "demo",
      files: [file("login.yaml")],
    });
    (await server.next("/api/runs")).answer({ runs: [] });
    const jobs = await server.next("/api/jobs");
    document.getElementById("run").dispatch("click");
    const run = await server.next("/api/run", "POST");
    assert.deepEqual(run.body, { target: "demo", scenario: ["login.yaml"] });
    run.answer({ jobId: "mine" });
    await until(() => page.streams.length === 1, "the new run followed");

    // Another tab's run, listed by an answer that left before the user pressed Run.
    jobs.answer({ jobs: [{ id: "other", status: "running" }] });
    await settle();
    assert.deepEqual(page.streams.map((s) => s.url), ["/api/jobs/mine/events"]);
    assert.equal(page.streams[0].readyState, 1, "still open");
  } finally {
    await page.close();
  }
});
