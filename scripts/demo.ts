/**
 * `deno task demo`: run the demo suite (demos/web/scenarios) against the bundled demo app in
 * headless Chromium and print where the report is.
 *
 * 1. Checks for a browser; when Chromium is missing it installs it (root on Debian/Ubuntu) or
 *    prints the exact command and exits 2.
 * 2. Serves demos/web/app on a free loopback port.
 * 3. Runs `bajutsu run … --exclude broken` as a subprocess (extra arguments are passed through,
 *    e.g. `deno task demo --tag smoke --headed`).
 * 4. Stops the server, prints `Report: <absolute path>/report.html`, exits with the run's code.
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findBrowser } from "../src/drivers/web/browsers.ts";
import { BrowserNotFound } from "../src/drivers/web/errors.ts";
import { serveDemo } from "../demos/web/serve.ts";

/** The repository root (this file lives in `<root>/scripts`). */
export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));
/** The demo config. */
export const DEMO_CONFIG = resolve(REPO_ROOT, "demos/web/bajutsu.config.yaml");
/** Password of the demo user; the scenarios read it as `${secrets.DEMO_PASSWORD}`. */
export const DEMO_PASSWORD = "secret123";
/**
 * The apt command that installs Chromium on Debian/Ubuntu, with the headless shell that headless
 * runs prefer where the distribution has it (Debian does; without it the full browser is used).
 */
export const APT_INSTALL = "apt-get update && apt-get install -y --no-install-recommends chromium" +
  " && { apt-get install -y --no-install-recommends chromium-headless-shell || true; }";

/** Exit code for a missing prerequisite (same as a usage/setup error of `run`). */
const EXIT_SETUP = 2;

/** What we know about the machine when Chromium is missing. */
export interface MachineFacts {
  /** Effective uid, null where there is none (Windows). */
  uid: number | null;
  /** `ID` and `ID_LIKE` of /etc/os-release, lowercased (empty when unreadable). */
  osIds: string[];
}

/** What to do about a missing Chromium. */
export type BrowserRemedy = { kind: "install"; command: string } | { kind: "advise"; text: string };

/** Root on Debian/Ubuntu may install Chromium itself; everyone else gets the exact command. */
export function browserRemedy(facts: MachineFacts, hint: string): BrowserRemedy {
  const debianLike = facts.osIds.some((id) => id === "debian" || id === "ubuntu");
  if (debianLike && facts.uid === 0) return { kind: "install", command: APT_INSTALL };
  if (debianLike) return { kind: "advise", text: `sudo sh -c '${APT_INSTALL}'` };
  return { kind: "advise", text: hint };
}

/** `ID`/`ID_LIKE` values from the text of /etc/os-release. */
export function parseOsRelease(text: string): string[] {
  const ids: string[] = [];
  for (const line of text.split("\n")) {
    const m = /^(ID|ID_LIKE)=(.*)$/.exec(line.trim());
    if (!m) continue;
    ids.push(...m[2].replace(/^["']|["']$/g, "").toLowerCase().split(/\s+/).filter(Boolean));
  }
  return ids;
}

/** The `bajutsu run` arguments of the demo run; `extra` is appended (later flags win). */
export function demoRunArgs(baseUrl: string, extra: string[]): string[] {
  return [
    "run",
    "--config",
    DEMO_CONFIG,
    "--target",
    "demo",
    "--base-url",
    baseUrl,
    "--exclude",
    "broken",
    "--workers",
    "2",
    ...extra,
  ];
}

/** The manifest path of a verdict line (`PASS  <path>` / `FAIL  <path>`), or null. */
export function manifestOfVerdict(line: string): string | null {
  const m = /^(?:PASS|FAIL)\s+(\S.*)$/.exec(line.trim());
  return m ? m[1] : null;
}

/** The absolute report.html path next to a manifest printed relative to `cwd`. */
export function reportPathOf(manifest: string, cwd: string): string {
  return resolve(cwd, dirname(manifest), "report.html");
}

async function machineFacts(): Promise<MachineFacts> {
  let osIds: string[] = [];
  try {
    osIds = parseOsRelease(await Deno.readTextFile("/etc/os-release"));
  } catch {
    // Not Linux, or no os-release: no automatic install.
  }
  return { uid: Deno.uid(), osIds };
}

/** Makes sure Chromium exists; returns an exit code when it cannot. */
async function ensureBrowser(headless: boolean): Promise<number | null> {
  try {
    findBrowser("chromium", undefined, headless);
    return null;
  } catch (err) {
    if (!(err instanceof BrowserNotFound)) throw err;
    const remedy = browserRemedy(await machineFacts(), err.installHint);
    if (remedy.kind === "advise") {
      console.error(`Chromium is missing. Install it with:\n  ${remedy.text}`);
      return EXIT_SETUP;
    }
    console.error(`Chromium is missing; installing it: ${remedy.command}`);
    const status = await new Deno.Command("sh", { args: ["-c", remedy.command] }).spawn().status;
    if (!status.success) {
      console.error(`Installing Chromium failed (exit ${status.code}).`);
      return EXIT_SETUP;
    }
    try {
      findBrowser("chromium", undefined, headless);
      return null;
    } catch {
      console.error("Chromium is still missing after the install.");
      return EXIT_SETUP;
    }
  }
}

/** Runs the suite; forwards stdout and returns the exit code and the last verdict line. */
async function runSuite(
  baseUrl: string,
  extra: string[],
): Promise<{ code: number; verdict: string }> {
  const env = { DEMO_PASSWORD: Deno.env.get("DEMO_PASSWORD") ?? DEMO_PASSWORD };
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", resolve(REPO_ROOT, "main.ts"), ...demoRunArgs(baseUrl, extra)],
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let verdict = "";
  let pending = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (manifestOfVerdict(line)) verdict = line;
  }
  if (manifestOfVerdict(pending)) verdict = pending;
  const { code } = await child.status;
  return { code, verdict };
}

/** The whole demo; resolves to the process exit code. */
export async function demo(extra: string[]): Promise<number> {
  const missing = await ensureBrowser(!extra.includes("--headed"));
  if (missing !== null) return missing;
  const server = await serveDemo();
  console.error(`Demo app: ${server.url}/`);
  let result: { code: number; verdict: string };
  try {
    result = await runSuite(server.url, extra);
  } finally {
    await server.close();
  }
  const manifest = manifestOfVerdict(result.verdict);
  if (manifest) console.log(`Report: ${reportPathOf(manifest, Deno.cwd())}`);
  return result.code;
}

if (import.meta.main) {
  Deno.exit(await demo(Deno.args));
}
