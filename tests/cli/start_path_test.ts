/**
 * The start path of the fast commands (docs/install.md#startup): `--version` loads the CLI
 * frame and commander only; `lint` adds the scenario loader and yaml. playwright-core, the
 * report writer and page, the device backends, serve, the zip writer and the run pipeline stay
 * out: they are imported when `run`, `report`, `export` or `serve` runs. A static import that
 * pulls one of them into these commands fails here.
 */
import assert from "node:assert/strict";
import {
  describe,
  dynamicImportsOf,
  moduleGraph,
  repoUrl,
  staticClosure,
} from "../support/module_graph.ts";

/** Paths (repository-relative prefixes) and npm packages no fast command may load. */
const HEAVY = [
  "src/drivers/",
  "src/report/",
  "src/serve/",
  "src/archive/",
  "src/runner/pipeline.ts",
  "src/orchestrator/",
  "npm:/playwright-core",
  "npm:/ajv",
  "npm:/fast-xml-parser",
];

function heavyIn(loaded: string[]): string[] {
  return loaded.filter((m) => HEAVY.some((h) => m.startsWith(h)));
}

const graph = await moduleGraph("main.ts");

Deno.test("--version loads the CLI frame and commander only", () => {
  const loaded = describe(staticClosure(graph, [graph.root]));
  assert.deepEqual(heavyIn(loaded), []);
  assert.deepEqual(loaded.filter((m) => m.startsWith("npm:")), ["npm:/commander@15.1.0"]);
  assert.ok(!loaded.some((m) => m.startsWith("src/scenario/")), loaded.join("\n"));
});

Deno.test("lint loads the scenario loader and yaml, nothing heavy", () => {
  const lint = repoUrl("src/cli/commands/lint.ts");
  const onDemand = dynamicImportsOf(graph, lint);
  assert.ok(onDemand.includes(repoUrl("src/scenario/load.ts")), onDemand.join("\n"));
  const loaded = describe(staticClosure(graph, [graph.root, ...onDemand]));
  assert.deepEqual(heavyIn(loaded), []);
  assert.deepEqual(loaded.filter((m) => m.startsWith("npm:")), [
    "npm:/commander@15.1.0",
    "npm:/yaml@2.9.1",
  ]);
});

Deno.test("import maestro loads the translator, the scenario validator and yaml, nothing heavy", () => {
  const command = repoUrl("src/cli/commands/import.ts");
  const onDemand = dynamicImportsOf(graph, command);
  assert.ok(onDemand.includes(repoUrl("src/import/maestro/import_flows.ts")), onDemand.join("\n"));
  const loaded = describe(staticClosure(graph, [graph.root, ...onDemand]));
  assert.deepEqual(heavyIn(loaded), []);
  assert.deepEqual(loaded.filter((m) => m.startsWith("npm:")), [
    "npm:/commander@15.1.0",
    "npm:/yaml@2.9.1",
  ]);
});

Deno.test("the heavy modules are in the graph, loaded on demand by run, report and serve", () => {
  // Guards the guard: the graph above is complete enough to see them.
  const all = describe(staticClosure(graph, [...graph.modules.keys()]));
  for (const m of ["src/runner/pipeline.ts", "src/serve/server.ts", "src/report/rerender.ts"]) {
    assert.ok(all.includes(m), m);
  }
  assert.ok(all.some((m) => m.startsWith("npm:/playwright-core")));
});

Deno.test("a web run checks its browsers before playwright-core is loaded", () => {
  // The backend's prepare finds the browsers through browser_discovery.ts, then starts loading
  // the environment (playwright-core) without waiting: it loads while the run folder, the signal
  // watcher and the git revision are set up.
  const loaded = describe(staticClosure(graph, [repoUrl("src/drivers/web/browser_discovery.ts")]));
  assert.deepEqual(loaded.filter((m) => m.startsWith("npm:")), []);
  const onDemand = dynamicImportsOf(graph, repoUrl("src/drivers/web/backend.ts"));
  for (const m of ["browser_discovery.ts", "environment.ts"]) {
    assert.ok(onDemand.includes(repoUrl(`src/drivers/web/${m}`)), onDemand.join("\n"));
  }
});

Deno.test("a run loads the report writer on demand, not before its first step", () => {
  const loaded = describe(staticClosure(graph, [repoUrl("src/runner/pipeline.ts")]));
  const early = loaded.filter((m) =>
    m === "src/report/write_report.ts" || m.startsWith("src/report/html/")
  );
  assert.deepEqual(early, []);
  const onDemand = dynamicImportsOf(graph, repoUrl("src/runner/run_finish.ts"));
  assert.ok(onDemand.includes(repoUrl("src/report/write_report.ts")), onDemand.join("\n"));
});

Deno.test("export loads the zip writer on demand; report --all loads the batch re-render on demand", () => {
  const onDemand = dynamicImportsOf(graph, repoUrl("src/cli/commands/export.ts"));
  assert.ok(onDemand.includes(repoUrl("src/archive/export_run.ts")), onDemand.join("\n"));
  const loaded = describe(staticClosure(graph, [repoUrl("src/archive/export_run.ts")]));
  assert.ok(loaded.includes("src/archive/zip_writer.ts"), loaded.join("\n"));
  const report = dynamicImportsOf(graph, repoUrl("src/cli/commands/report.ts"));
  assert.ok(report.includes(repoUrl("src/report/rerender_all.ts")), report.join("\n"));
});
