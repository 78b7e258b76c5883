/**
 * Nothing the CLI does reads a file next to its source at run time (docs/install.md#what-the-binary-carries):
 * schemas, the report page and the serve page are modules, so a compiled binary carries them. The
 * proof without a compiled binary: Deno loads modules without read permission, so a process
 * allowed to read only a temp work folder fails on any run-time read of the source tree. Each
 * command runs that way from this checkout and from a copy of the tree at an unrelated temp path
 * (also unreadable), and must still work: `--version`, `version --json`, `schema`, `lint`, a
 * fake-target `run` written into the work folder, `report` re-rendering it, and `serve` answering
 * its page.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, moduleGraph, REPO_ROOT, staticClosure } from "../support/module_graph.ts";
import { INCLUDES } from "../../scripts/compile.ts";
import { readAnnouncedUrl } from "../../src/serve/announce.ts";

const FAKE_TARGET = join(REPO_ROOT, "tests/fixtures/fake_target");
const FAKE_APPS = join(REPO_ROOT, "tests/fixtures/fake_apps");

/** A work folder with a scenario, the fake target's config, scenarios and app. */
async function workFolder(): Promise<string> {
  const work = await Deno.makeTempDir({ prefix: "bajutsu-work-" });
  await Deno.mkdir(join(work, "fake_target/scenarios"), { recursive: true });
  await Deno.mkdir(join(work, "fake_apps"));
  await Deno.copyFile(
    join(FAKE_TARGET, "bajutsu.config.yaml"),
    join(work, "fake_target/bajutsu.config.yaml"),
  );
  await Deno.copyFile(
    join(FAKE_TARGET, "scenarios/login.yaml"),
    join(work, "fake_target/scenarios/login.yaml"),
  );
  await Deno.copyFile(join(FAKE_APPS, "login_app.yaml"), join(work, "fake_apps/login_app.yaml"));
  await Deno.copyFile(join(FAKE_TARGET, "scenarios/login.yaml"), join(work, "hello.yaml"));
  return work;
}

/** A copy of what the program needs (main.ts, src, schemas, deno.json, deno.lock). */
async function copyOfTree(): Promise<string> {
  const copy = await Deno.makeTempDir({ prefix: "unrelated-" });
  for (const entry of ["main.ts", "deno.json", "deno.lock"]) {
    await Deno.copyFile(join(REPO_ROOT, entry), join(copy, entry));
  }
  for (const dir of ["src", "schemas"]) await copyDir(join(REPO_ROOT, dir), join(copy, dir));
  return copy;
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(join(from, e.name), join(to, e.name));
    else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

/**
 * The modules the compile task embeds with `--include` and what they import: the signal worker.
 * Deno checks read access when it loads a Worker's modules (not for imports of the main
 * program), so the run may read exactly these, as the binary reads them from its embedded tree.
 */
async function includedModules(): Promise<string[]> {
  const loaded: string[] = [];
  for (const path of INCLUDES) {
    const graph = await moduleGraph(path);
    loaded.push(...describe(staticClosure(graph, [graph.root])).filter((m) => m.endsWith(".ts")));
  }
  return loaded;
}

const INCLUDED = await includedModules();

/** `deno run` of `tree`'s main.ts that may read and write `work` only (and read `INCLUDED`). */
function cliArgs(tree: string, work: string, args: string[]): string[] {
  const included = INCLUDED.map((path) => join(tree, path));
  return [
    "run",
    `--allow-read=${[work, ...included].join(",")}`,
    `--allow-write=${work}`,
    "--allow-env",
    "--allow-net=127.0.0.1",
    "--config",
    join(tree, "deno.json"),
    join(tree, "main.ts"),
    ...args,
  ];
}

async function cli(tree: string, work: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: cliArgs(tree, work, args),
    cwd: work,
    env: { LOGIN_PASSWORD: "hunter2", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  const stderr = text.decode(out.stderr);
  assert.doesNotMatch(stderr, READ_REFUSED, `${args.join(" ")}: ${stderr}`);
  return { code: out.code, stdout: text.decode(out.stdout), stderr };
}

/** What Deno says when a read is refused. */
const READ_REFUSED = /NotCapable|Requires read access/;

/** Starts serve, fetches its page, stops it with SIGTERM; resolves to the page's status and body. */
async function servePage(tree: string, work: string): Promise<{ status: number; body: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: cliArgs(tree, work, [
      "serve",
      "--port",
      "0",
      "--config",
      "fake_target/bajutsu.config.yaml",
      "--runs",
      "runs",
    ]),
    cwd: work,
    env: { LOGIN_PASSWORD: "hunter2", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const { url } = await readAnnouncedUrl(reader);
    if (url === null) throw new Error(`serve ended before printing its URL: ${await stderr}`);
    reader.releaseLock();
    child.stdout.cancel().catch(() => {});
    const res = await fetch(`${url}/`);
    return { status: res.status, body: await res.text() };
  } finally {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await child.status;
    assert.doesNotMatch(await stderr, READ_REFUSED);
  }
}

async function everyCommandWorks(tree: string): Promise<void> {
  const work = await workFolder();
  try {
    const version = await cli(tree, work, ["--version"]);
    assert.equal(version.code, 0, version.stderr);
    assert.match(version.stdout, /^bajutsu \d+\.\d+\.\d+ \(commit dev, built dev\)\n$/);

    const json = await cli(tree, work, ["version", "--json"]);
    assert.equal(json.code, 0, json.stderr);
    assert.match(JSON.parse(json.stdout).playwrightCore, /^\d+\.\d+\.\d+$/);

    const schema = await cli(tree, work, ["schema"]);
    assert.equal(schema.code, 0, schema.stderr);
    assert.equal(JSON.parse(schema.stdout).$id, "https://bajutsu.dev/schemas/scenario.schema.json");

    const lint = await cli(tree, work, ["lint", "hello.yaml"]);
    assert.equal(lint.code, 0, lint.stdout + lint.stderr);
    assert.equal(lint.stdout, "hello.yaml: ok\n");

    const run = await cli(tree, work, [
      "run",
      "--config",
      "fake_target/bajutsu.config.yaml",
      "--runs-dir",
      "runs",
    ]);
    assert.equal(run.code, 0, run.stderr);
    const manifest = /^PASS {2}(runs\/\S+)\/manifest\.json$/m.exec(run.stdout)?.[1];
    assert.ok(manifest, run.stdout);
    const html = join(work, manifest, "report.html");
    const written = await Deno.readTextFile(html);
    await Deno.remove(html);

    const report = await cli(tree, work, ["report", manifest]);
    assert.equal(report.code, 0, report.stderr);
    assert.equal(report.stdout, `PASS  ${manifest}/report.html\n`);
    const rerendered = await Deno.readTextFile(html);
    assert.ok(rerendered.length > 1000 && /^<!doctype html>/i.test(rerendered));
    assert.equal(rerendered.length, written.length);

    const page = await servePage(tree, work);
    assert.equal(page.status, 200);
    assert.match(page.body, /<html/i);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

Deno.test("no run-time read of the source tree: every command with read access to a work folder only", async () => {
  await everyCommandWorks(REPO_ROOT);
});

Deno.test("no run-time read of the source tree: a copy of the tree at an unrelated temp path", async () => {
  const copy = await copyOfTree();
  try {
    await everyCommandWorks(copy);
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});

Deno.test("the restriction bites: a run-time read of a file next to the source fails", async () => {
  // Guards the proof: the same permissions refuse a read of the tree.
  const work = await Deno.makeTempDir();
  const probe = join(work, "probe.ts");
  try {
    await Deno.writeTextFile(
      probe,
      `await Deno.readTextFile(${
        JSON.stringify(join(REPO_ROOT, "schemas/scenario.schema.json"))
      });`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", `--allow-read=${work}`, probe],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 1);
    assert.match(new TextDecoder().decode(out.stderr), READ_REFUSED);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("src/ locates files by its own URL only for the signal worker and the checkout fallback", async () => {
  // serve's `CHECKOUT_MAIN` starts `deno run <checkout>/main.ts` only when not compiled
  // (src/serve/run_args.ts); the signal worker is an `--include`. Anything new here is a
  // run-time read next to the source: make it an import instead.
  const allowed = new Set(["src/runner/signals.ts", "src/serve/run_args.ts"]);
  const found: string[] = [];
  for await (const file of walkTs(join(REPO_ROOT, "src"))) {
    const text = await Deno.readTextFile(file);
    if (/import\.meta\.(url|dirname|filename|resolve)/.test(text)) {
      found.push(file.slice(REPO_ROOT.length));
    }
  }
  assert.deepEqual(found.filter((f) => !allowed.has(f)), []);
  assert.deepEqual(found.sort(), [...allowed].sort());
});

async function* walkTs(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* walkTs(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}
