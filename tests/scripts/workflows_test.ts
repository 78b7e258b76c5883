/**
 * .github/workflows: ci.yml runs .ci/run on every push; release.yml builds the four targets on a
 * `v*` tag, runs both smoke suites with each host's binary, gates on `brew audit --strict`,
 * publishes the archives and SHA256SUMS, and opens the tap pull request. The scripts and tasks
 * the workflows name exist (a renamed script fails here, not in the first release).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse } from "yaml";
import { TARGETS } from "../../scripts/compile.ts";
import { REPO_ROOT } from "../support/module_graph.ts";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Job {
  "runs-on": string;
  needs?: string | string[];
  steps: Step[];
  strategy?: { matrix: { include: Array<Record<string, string>> } };
  permissions?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

async function workflow(name: string): Promise<Workflow> {
  return parse(await Deno.readTextFile(join(REPO_ROOT, ".github/workflows", name))) as Workflow;
}

const runs = (job: Job) => job.steps.map((s) => s.run ?? "").join("\n");
const needs = (job: Job) => [job.needs ?? []].flat();

Deno.test("ci.yml: .ci/run on every push", async () => {
  const ci = await workflow("ci.yml");
  assert.ok(
    "push" in ci.on && (ci.on.push === null || Object.keys(ci.on.push as object).length === 0),
  );
  const all = Object.values(ci.jobs).map(runs).join("\n");
  assert.match(all, /^bash \.ci\/run$/m);
});

Deno.test("release.yml: v* tags, four targets, smoke per host, audit, release, tap PR", async () => {
  const release = await workflow("release.yml");
  assert.deepEqual(release.on, { push: { tags: ["v*"] } });
  const { build, smoke, formula, release: publish, tap } = release.jobs;

  assert.match(runs(build), /^deno task compile:all$/m);
  assert.match(runs(build), /deno run -A scripts\/release\/package\.ts --version/);

  const matrix = smoke.strategy!.matrix.include;
  assert.deepEqual(matrix.map((m) => m.target).sort(), [...TARGETS].sort());
  for (const m of matrix) {
    assert.match(m.os, m.target.includes("apple-darwin") ? /^macos-/ : /^ubuntu-/, m.target);
  }
  assert.match(smoke["runs-on"], /matrix\.os/);
  assert.match(runs(smoke), /shasum -a 256 -c/);
  assert.match(runs(smoke), /scripts\/release\/smoke\.ts "\$bin" fake web --compiled/);

  assert.match(formula["runs-on"], /^macos-/);
  assert.match(runs(formula), /scripts\/homebrew\/formula\.ts/);
  assert.match(
    runs(formula),
    /scripts\/homebrew\/check_formula\.ts bajutsu\.rb dist\/release\/SHA256SUMS/,
  );
  assert.match(runs(formula), /brew audit --strict/);

  assert.deepEqual(needs(publish).sort(), ["build", "formula", "smoke"]);
  assert.equal(publish.permissions?.contents, "write");
  assert.match(runs(publish), /gh release create "\$GITHUB_REF_NAME" dist\/release\/\*/);

  assert.ok(needs(tap).includes("release"));
  assert.match(runs(tap), /brew test /);
  assert.match(runs(tap), /gh pr create --repo "\$TAP_REPOSITORY"/);
});

Deno.test("workflows name only scripts and tasks that exist", async () => {
  const tasks = Object.keys(
    JSON.parse(await Deno.readTextFile(join(REPO_ROOT, "deno.json"))).tasks,
  );
  for (const name of ["ci.yml", "release.yml"]) {
    const text = Object.values((await workflow(name)).jobs).map(runs).join("\n");
    for (const m of text.matchAll(/(?:^|\s)((?:scripts|\.ci)\/[\w./-]+)/g)) {
      await Deno.stat(join(REPO_ROOT, m[1])).catch(() =>
        assert.fail(`${name}: ${m[1]} does not exist`)
      );
    }
    for (const m of text.matchAll(/deno task ([\w:-]+)/g)) {
      assert.ok(tasks.includes(m[1]), `${name}: deno task ${m[1]} is not in deno.json`);
    }
  }
});
