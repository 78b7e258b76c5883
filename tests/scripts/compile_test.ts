/**
 * scripts/compile.ts: the `deno compile` command lines, the build stamp, the one-line failure
 * when the runtime cannot be had, and a real `deno compile` of the generated entry with a
 * stand-in runtime (`DENORT_BIN` pointing at this deno: the build runs end to end, the binary it
 * writes is not meant to run; `deno compile` cannot download its runtime here).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  buildStamp,
  compile,
  compileArgs,
  type CompileDeps,
  compileJobs,
  entrySource,
  explainFailure,
  INCLUDES,
  parseCompileArgs,
  REPO_ROOT,
  TARGETS,
} from "../../scripts/compile.ts";
import { VERSION } from "../../src/version.ts";

/** What deno 2.9.6 prints when dl.deno.land cannot be reached (colours kept, as captured). */
const DOWNLOAD_FAILED = "\x1b[0m\x1b[32mCompile\x1b[0m main.ts to dist/bajutsu\n" +
  "\x1b[0m\x1b[32mDownload\x1b[0m https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip\n" +
  "\x1b[0m\x1b[1m\x1b[31merror\x1b[0m: Writing deno compile executable to temporary file 'bajutsu.tmp-1'\n\n" +
  "Caused by:\n    0: Setting up base binary.\n" +
  "    1: error sending request for url (https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip): client error (Connect): dns error\n";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) },
    out,
    err,
  };
}

const fixedStamp = {
  env: (n: string) => ({ BAJUTSU_BUILD_COMMIT: "a".repeat(40), SOURCE_DATE_EPOCH: "0" })[n],
  git: () => Promise.resolve(null),
  now: () => new Date(0),
};

Deno.test("compile: host by default, the four release targets with --all", () => {
  assert.deepEqual(compileJobs(parseCompileArgs([]), "/r"), [
    { target: null, output: "/r/dist/bajutsu" },
  ]);
  const all = compileJobs(parseCompileArgs(["--all", "--out-dir", "out"]), "/r");
  assert.deepEqual(all.map((j) => j.target), [
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
  ]);
  assert.deepEqual(all.map((j) => j.output), TARGETS.map((t) => `/r/out/${t}/bajutsu`));
  assert.throws(() => parseCompileArgs(["--target", "x86_64-pc-windows-msvc"]), /unknown target/);
  assert.throws(() => parseCompileArgs(["--target"]), /needs a value/);
});

Deno.test("compile: the deno compile arguments carry the target, includes and output", () => {
  const args = compileArgs(
    { target: "aarch64-apple-darwin", output: "/o/bajutsu" },
    "/stage/bajutsu.ts",
  );
  assert.deepEqual(args.slice(0, 3), ["compile", "-A", "--frozen"]);
  assert.equal(args[args.indexOf("--config") + 1], join(REPO_ROOT, "deno.json"));
  assert.equal(args[args.indexOf("--target") + 1], "aarch64-apple-darwin");
  assert.equal(args[args.indexOf("--include") + 1], "src/runner/signal_worker.ts");
  assert.equal(args[args.indexOf("--output") + 1], "/o/bajutsu");
  assert.equal(args.at(-1), "/stage/bajutsu.ts");
  assert.ok(!compileArgs({ target: null, output: "/o/b" }, "/e.ts").includes("--target"));
});

Deno.test("compile: every Worker module started by URL is an --include", async () => {
  const workers: string[] = [];
  for await (const file of walkTs(join(REPO_ROOT, "src"))) {
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(/new Worker\(\s*new URL\("([^"]+)",\s*import\.meta\.url\)/g)) {
      const url = new URL(m[1], `file://${file}`);
      workers.push(url.pathname.slice(REPO_ROOT.length));
    }
  }
  assert.ok(workers.length > 0);
  for (const w of workers) assert.ok(INCLUDES.includes(w), `${w} is not in INCLUDES`);
  for (const inc of INCLUDES) await Deno.stat(join(REPO_ROOT, inc));
});

Deno.test("compile: the build stamp: env commit, SOURCE_DATE_EPOCH, else git and now", async () => {
  assert.deepEqual(await buildStamp(fixedStamp), {
    version: VERSION,
    commit: "a".repeat(40),
    date: "1970-01-01T00:00:00Z",
  });
  const fromGit = await buildStamp({
    env: () => undefined,
    git: () => Promise.resolve({ head: "b".repeat(40), dirty: true }),
    now: () => new Date(Date.UTC(2025, 0, 31, 12, 0, 0, 123)),
  });
  assert.equal(fromGit.commit, `${"b".repeat(40)}-dirty`);
  assert.equal(fromGit.date, "2025-01-31T12:00:00Z");
  const noGit = await buildStamp({ ...fixedStamp, env: () => undefined });
  assert.equal(noGit.commit, "unknown");
});

Deno.test("compile: the generated entry imports the program and passes the stamp", () => {
  const build = { version: "1.0.0", commit: "c0ffee", date: "2025-01-01T00:00:00Z" };
  const source = entrySource(build, join(REPO_ROOT, "scripts/.compile-x"));
  assert.match(source, /^import \{ runCli \} from "\.\.\/\.\.\/src\/cli\/program\.ts";$/m);
  assert.ok(source.includes(`runCli(Deno.args, undefined, ${JSON.stringify(build)})`));
});

Deno.test("compile: a runtime download failure is one line naming DENORT_BIN", () => {
  const line = explainFailure(DOWNLOAD_FAILED, "x86_64-unknown-linux-gnu");
  assert.ok(line !== null);
  assert.ok(!line.includes("\n"));
  assert.match(
    line,
    /^compile: cannot download the Deno \S+ runtime \(denort\) for x86_64-unknown-linux-gnu/,
  );
  assert.match(line, /denort-x86_64-unknown-linux-gnu\.zip/);
  assert.match(line, /DENORT_BIN=\/path\/to\/denort$/);
  assert.equal(explainFailure("error: Type error in main.ts", "x86_64-unknown-linux-gnu"), null);
});

Deno.test("compile: the download failure reaches the user as that one line, exit 1", async () => {
  const c = capture();
  const calls: string[][] = [];
  const deps: CompileDeps = {
    deno: (args) => {
      calls.push(args);
      return Promise.resolve({ code: 1, stdout: "", stderr: DOWNLOAD_FAILED });
    },
    stamp: fixedStamp,
    env: () => undefined,
    cwd: REPO_ROOT,
  };
  const outDir = await Deno.makeTempDir();
  try {
    assert.equal(await compile(["--out-dir", outDir], c.io, deps), 1);
    assert.equal(c.err.length, 1);
    assert.match(c.err[0], /DENORT_BIN/);
    assert.equal(calls.length, 1);
    // The generated entry is gone after the build.
    const left = [...Deno.readDirSync(join(REPO_ROOT, "scripts"))].filter((e) =>
      e.name.startsWith(".compile-")
    );
    assert.deepEqual(left, []);
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});

Deno.test("compile: DENORT_BIN with several targets is refused before building", async () => {
  const c = capture();
  const deps: CompileDeps = {
    deno: () => Promise.reject(new Error("must not run")),
    stamp: fixedStamp,
    env: (n) => n === "DENORT_BIN" ? "/opt/denort" : undefined,
    cwd: REPO_ROOT,
  };
  assert.equal(await compile(["--all"], c.io, deps), 2);
  assert.deepEqual(c.err, [
    "compile: DENORT_BIN is one target's runtime; build one --target at a time with it",
  ]);
});

async function compileProcess(env: Record<string, string>, outDir: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(REPO_ROOT, "scripts/compile.ts"), "--out-dir", outDir],
    cwd: outDir,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

Deno.test("compile: DENORT_BIN at a missing file fails with one line", async () => {
  const outDir = await Deno.makeTempDir();
  try {
    const r = await compileProcess({ DENORT_BIN: join(outDir, "no-denort") }, outDir);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, /^compile: DENORT_BIN=\S+no-denort cannot be read; point DENORT_BIN at/);
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});

Deno.test("compile: a real deno compile of the stamped entry with a stand-in runtime", async () => {
  const outDir = await Deno.makeTempDir();
  try {
    // This deno stands in for denort: deno compile embeds the program into it all the same.
    const r = await compileProcess({
      DENORT_BIN: Deno.execPath(),
      BAJUTSU_BUILD_COMMIT: "d".repeat(40),
    }, outDir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout.trim(),
      `compiled bajutsu (${Deno.build.target}, ${VERSION}, commit dddddddddddd)`,
    );
    const binary = await Deno.stat(join(outDir, "bajutsu"));
    assert.ok(binary.isFile && binary.size > (await Deno.stat(Deno.execPath())).size);
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});

async function* walkTs(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* walkTs(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}
