import assert from "node:assert/strict";
import { runCli } from "../../src/cli/program.ts";
import { type BuildInfo, shortCommit, versionLine } from "../../src/build_info.ts";
import { pinnedNpmVersion, PLAYWRIGHT_CORE_VERSION, VERSION } from "../../src/version.ts";
import { REPO_ROOT } from "../support/module_graph.ts";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

const STAMPED: BuildInfo = {
  version: "1.2.3",
  commit: "0123456789abcdef0123456789abcdef01234567",
  date: "2025-01-31T12:00:00Z",
};

Deno.test("the version is deno.json's", async () => {
  const config = JSON.parse(await Deno.readTextFile(`${REPO_ROOT}deno.json`));
  assert.equal(VERSION, config.version);
});

Deno.test("a compiled build's stamp reaches --version and `version`", async () => {
  for (const args of [["--version"], ["-V"], ["version"]]) {
    const c = capture();
    assert.equal(await runCli(args, c.io, STAMPED), 0);
    assert.deepEqual(c.out, ["bajutsu 1.2.3 (commit 0123456789ab, built 2025-01-31T12:00:00Z)"]);
  }
});

Deno.test("a checkout is `dev`", async () => {
  const c = capture();
  assert.equal(await runCli(["version"], c.io), 0);
  assert.deepEqual(c.out, [`bajutsu ${VERSION} (commit dev, built dev)`]);
});

Deno.test("version --json: build stamp plus Deno, V8 and playwright-core versions", async () => {
  const c = capture();
  assert.equal(await runCli(["version", "--json"], c.io, STAMPED), 0);
  const report = JSON.parse(c.out.join("\n"));
  assert.deepEqual(report, {
    version: "1.2.3",
    commit: STAMPED.commit,
    buildDate: STAMPED.date,
    compiled: false,
    target: Deno.build.target,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    typescript: Deno.version.typescript,
    playwrightCore: PLAYWRIGHT_CORE_VERSION,
  });
  assert.match(report.playwrightCore, /^\d+\.\d+\.\d+$/);
});

Deno.test("the playwright-core version is the one the lockfile resolves", async () => {
  const lock = JSON.parse(await Deno.readTextFile(`${REPO_ROOT}deno.lock`));
  const locked = Object.keys(lock.npm ?? {}).filter((k) => k.startsWith("playwright-core@"));
  assert.deepEqual(locked, [`playwright-core@${PLAYWRIGHT_CORE_VERSION}`]);
});

Deno.test("pinnedNpmVersion and shortCommit", () => {
  assert.equal(pinnedNpmVersion("npm:playwright-core@1.64.1"), "1.64.1");
  assert.equal(pinnedNpmVersion("npm:@scope/pkg@2.0.0"), "2.0.0");
  assert.equal(pinnedNpmVersion("npm:@scope/pkg"), "npm:@scope/pkg");
  assert.equal(shortCommit(STAMPED.commit), "0123456789ab");
  assert.equal(shortCommit("dev"), "dev");
  assert.equal(
    versionLine({ version: "0.1.0", commit: "dev", date: "dev" }),
    "bajutsu 0.1.0 (commit dev, built dev)",
  );
});
