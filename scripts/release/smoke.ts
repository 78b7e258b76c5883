/**
 * The release smoke suites (docs/install.md#release-workflow), run against one `bajutsu`
 * executable from a checkout (for the fixtures and the demo app):
 *
 * - `fake`: `--version` and `version --json`, `schema`, `lint`, a fake-target `run`, `report`
 *   re-rendering it, and `serve` answering its page and running a job (which starts the same
 *   executable again);
 * - `web`: the demo app's smoke-tagged scenarios in headless Chromium.
 *
 * `deno run -A scripts/release/smoke.ts <bajutsu> [fake] [web] [--compiled]` (both suites by
 * default; `--compiled` also requires `version --json` to say the binary is compiled). Prints one
 * line per check; exits 1 on the first failure.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serveDemo } from "../../demos/web/serve.ts";
import { VERSION } from "../../src/version.ts";
import { readAnnouncedUrl } from "../../src/serve/announce.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FAKE_CONFIG = join(REPO_ROOT, "tests/fixtures/fake_target/bajutsu.config.yaml");
const DEMO_CONFIG = join(REPO_ROOT, "demos/web/bajutsu.config.yaml");
const ENV = { LOGIN_PASSWORD: "hunter2", DEMO_PASSWORD: "secret123", NO_COLOR: "1" };

/** A failed check. */
export class SmokeFailure extends Error {
  readonly code = "E_SMOKE";
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function check(ok: unknown, what: string, detail: () => string): void {
  if (!ok) throw new SmokeFailure(`${what}: ${detail()}`);
}

async function bajutsu(bin: string, args: string[], cwd: string): Promise<Ran> {
  const out = await new Deno.Command(bin, {
    args,
    cwd,
    env: ENV,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

const show = (r: Ran) => () => `exit ${r.code}\n${r.stdout}${r.stderr}`;

/** The manifest path of a `PASS  <path>` verdict line. */
function passedManifest(stdout: string): string | null {
  return /^PASS {2}(\S+manifest\.json)$/m.exec(stdout)?.[1] ?? null;
}

async function fakeSuite(bin: string, work: string, compiled: boolean, log: (l: string) => void) {
  const version = await bajutsu(bin, ["--version"], work);
  check(
    version.code === 0 && version.stdout.startsWith(`bajutsu ${VERSION} (commit `),
    "--version",
    show(version),
  );
  log(`ok  ${version.stdout.trim()}`);

  const json = await bajutsu(bin, ["version", "--json"], work);
  const report = json.code === 0 ? JSON.parse(json.stdout) : null;
  check(
    report?.version === VERSION && /^\d+\.\d+\.\d+$/.test(report.playwrightCore),
    "version --json",
    show(json),
  );
  check(!compiled || report.compiled === true, "version --json: compiled", show(json));
  check(!compiled || report.commit !== "dev", "version --json: stamped commit", show(json));
  log(`ok  version --json (deno ${report.deno}, playwright-core ${report.playwrightCore})`);

  const schema = await bajutsu(bin, ["schema"], work);
  check(schema.code === 0 && JSON.parse(schema.stdout).$schema, "schema", show(schema));
  log("ok  schema");

  const hello = join(REPO_ROOT, "scripts/release/hello.yaml");
  const lint = await bajutsu(bin, ["lint", hello], work);
  check(lint.code === 0 && lint.stdout.trim() === `${hello}: ok`, "lint", show(lint));
  log("ok  lint");

  const runsDir = join(work, "runs");
  const run = await bajutsu(bin, [
    "run",
    "--config",
    FAKE_CONFIG,
    "--exclude",
    "broken",
    "--runs-dir",
    runsDir,
  ], work);
  const manifest = passedManifest(run.stdout);
  check(run.code === 0 && manifest, "run (fake target)", show(run));
  log(`ok  run (fake target): ${manifest}`);

  const runDir = resolve(work, manifest!, "..");
  const rerender = await bajutsu(bin, ["report", runDir], work);
  check(rerender.code === 0 && rerender.stdout.startsWith("PASS  "), "report", show(rerender));
  log("ok  report");

  await serveSuite(bin, work, log);
}

/** serve: the page answers, and a job runs the fake target through the same executable. */
async function serveSuite(bin: string, work: string, log: (l: string) => void) {
  const child = new Deno.Command(bin, {
    args: ["serve", "--port", "0", "--config", FAKE_CONFIG, "--runs", join(work, "serve-runs")],
    cwd: work,
    env: ENV,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const { url } = await readAnnouncedUrl(reader);
    if (url === null) {
      throw new SmokeFailure(`serve: ended before printing its URL\n${await stderr}`);
    }
    reader.releaseLock();
    child.stdout.cancel().catch(() => {});

    const page = await fetch(`${url}/`);
    const html = await page.text();
    check(page.status === 200 && /<html/i.test(html), "serve: page", () => `${page.status}`);
    log("ok  serve: page");

    const started = await fetch(`${url}/api/run`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ target: "app", scenario: "login.yaml" }),
    });
    const body = await started.json();
    check(started.status === 200 && body.jobId, "serve: POST /api/run", () => JSON.stringify(body));
    const events = await fetch(`${url}/api/jobs/${body.jobId}/events`);
    const text = await readUntil(events.body!, /event: done\ndata: (.*)\n/);
    const job = JSON.parse(/event: done\ndata: (.*)\n/.exec(text)![1]);
    check(job.ok === true && job.exitCode === 0, "serve: job", () => text);
    log(`ok  serve: job ran (${job.runId})`);
  } finally {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await child.status;
    await stderr;
  }
}

/** Reads a stream until `pattern` matches what was read; resolves to the text. */
async function readUntil(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
  pattern: RegExp,
): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new SmokeFailure(`stream ended before ${pattern}: ${text}`);
      text += value;
    }
    return text;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

async function webSuite(bin: string, work: string, log: (l: string) => void) {
  const demo = await serveDemo();
  try {
    const run = await bajutsu(bin, [
      "run",
      "--config",
      DEMO_CONFIG,
      "--target",
      "demo",
      "--base-url",
      demo.url,
      "--tag",
      "smoke",
      "--exclude",
      "broken",
      "--runs-dir",
      join(work, "web-runs"),
    ], work);
    check(run.code === 0 && passedManifest(run.stdout), "run (web demo, smoke)", show(run));
    log(`ok  run (web demo, smoke): ${passedManifest(run.stdout)}`);
  } finally {
    await demo.close();
  }
}

/** Runs the suites; resolves to the exit code. */
export async function smoke(args: string[], log: (l: string) => void): Promise<number> {
  const compiled = args.includes("--compiled");
  const [bin, ...rest] = args.filter((a) => a !== "--compiled");
  if (!bin) {
    log("usage: smoke.ts <bajutsu> [fake] [web] [--compiled]");
    return 2;
  }
  const suites = rest.length > 0 ? rest : ["fake", "web"];
  const work = await Deno.makeTempDir({ prefix: "bajutsu-smoke-" });
  try {
    const executable = resolve(bin);
    for (const suite of suites) {
      if (suite === "fake") await fakeSuite(executable, work, compiled, log);
      else if (suite === "web") await webSuite(executable, work, log);
      else throw new SmokeFailure(`unknown suite ${suite} (fake, web)`);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof SmokeFailure)) throw err;
    log(`FAIL ${err.message}`);
    return 1;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  Deno.exit(await smoke(Deno.args, console.log));
}
