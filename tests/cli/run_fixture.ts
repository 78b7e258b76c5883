/**
 * `runCommand` on the fake target with captured output, for the run tests that need their own
 * scenario files or runs folder.
 *
 * @module
 */
import { join } from "node:path";
import { runCommand } from "../../src/runner/pipeline.ts";
import type { RunIo, RunRequest } from "../../src/runner/run_request.ts";
import { CancelSource } from "../../src/time/cancel.ts";

export const FAKE_TARGET = new URL("../fixtures/fake_target/", import.meta.url).pathname;

export interface FakeRun {
  code: number;
  out: string[];
  err: string[];
  /** Progress lines (also in `err`, in order). */
  progress: string[];
  /** Parsed manifest.json, or null when none was written. */
  manifest: { scenarios: Array<Record<string, unknown>> } | null;
  runDir: string | null;
}

/** Runs `req` against the fake target's config; `io` overrides parts of the captured io. */
export async function runFake(
  req: Partial<RunRequest> & { runsDir: string },
  env: Record<string, string> = {},
  io: Partial<RunIo> = {},
): Promise<FakeRun> {
  const out: string[] = [], err: string[] = [], progress: string[] = [];
  const code = await runCommand({
    configPath: join(FAKE_TARGET, "bajutsu.config.yaml"),
    scenarios: [],
    tags: [],
    exclude: [],
    workers: 1,
    ...req,
  }, {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    progress: {
      line: (l) => {
        err.push(l);
        progress.push(l);
      },
      live: (l) => void progress.push(l),
    },
    env: (k) => ({ LOGIN_PASSWORD: "hunter2", ...env })[k],
    cwd: Deno.cwd(),
    color: false,
    cancel: new CancelSource(),
    ...io,
  });
  const last = out.at(-1) ?? "";
  const match = /^(?:PASS|FAIL) {2}(.*manifest\.json)$/.exec(last);
  if (!match) return { code, out, err, progress, manifest: null, runDir: null };
  const manifest = JSON.parse(await Deno.readTextFile(match[1]));
  return { code, out, err, progress, manifest, runDir: match[1].replace(/\/manifest\.json$/, "") };
}

/** A temp dir removed by `cleanup`. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-run-" });
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }) };
}

/**
 * `deno task run` on the fake target (its `broken` scenarios excluded) as a real process, with
 * `extra` flags: its exit code, stdout lines and stderr text.
 */
export async function runTaskProcess(
  runsDir: string,
  extra: string[] = [],
): Promise<{ code: number; stdout: string[]; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "-q",
      "run",
      "--config",
      "tests/fixtures/fake_target/bajutsu.config.yaml",
      "--exclude",
      "broken",
      "--runs-dir",
      runsDir,
      ...extra,
    ],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { LOGIN_PASSWORD: "hunter2", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout).trim().split("\n"),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/**
 * `deno run -A main.ts run --config <configPath> --runs-dir <runsDir> …extra` as a real process
 * (with `env` added to its environment): its exit code, stdout lines, stderr text and the manifest it wrote (null when none).
 */
export async function runConfigProcess(
  configPath: string,
  runsDir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<
  {
    code: number;
    stdout: string[];
    stderr: string;
    manifest: { scenarios: Array<Record<string, unknown>> } | null;
  }
> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", "run", "--config", configPath, "--runs-dir", runsDir, ...extra],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim().split("\n");
  const match = /^(?:PASS|FAIL) {2}(.*manifest\.json)$/.exec(stdout.at(-1) ?? "");
  const manifest = match ? JSON.parse(await Deno.readTextFile(match[1])) : null;
  return { code: out.code, stdout, stderr: new TextDecoder().decode(out.stderr), manifest };
}
