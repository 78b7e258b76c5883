/**
 * `bajutsu run` as a child process on the fake Mac: a project folder (config + scenarios) for an
 * iOS target whose app is a fake app bundle, and a runner of the CLI with the fake tools first
 * on PATH.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FakeIos } from "../support/fake_ios/mod.ts";
import { SHOP, SHOP_APP } from "../drivers/ios/env_fixture.ts";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../..");

export interface IosProject {
  mac: FakeIos;
  dir: string;
  config: string;
  runs: string;
  /** Writes `scenarios/<name>.yaml`; returns its path. */
  scenario(name: string, yaml: string): Promise<string>;
  dispose(): Promise<void>;
}

/** A fake Mac with the shop app and a project folder targeting it. */
export async function iosProject(
  target: Record<string, unknown> = {},
  mac?: FakeIos,
): Promise<IosProject> {
  const m = mac ?? await FakeIos.create();
  const appPath = await m.app(SHOP, SHOP_APP);
  const dir = join(m.dir, "project");
  await Deno.mkdir(join(dir, "scenarios"), { recursive: true });
  const config = join(dir, "bajutsu.config.yaml");
  const fields = {
    bundleId: SHOP,
    appPath,
    device: "iPhone 16",
    scenarios: "scenarios",
    ...target,
  };
  await Deno.writeTextFile(
    config,
    `defaults:\n  capture: [screenshot.after, elements, actionLog]\ntargets:\n  shop:\n` +
      Object.entries(fields).filter(([, v]) => v !== undefined)
        .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`).join(""),
  );
  return {
    mac: m,
    dir,
    config,
    runs: join(dir, "runs"),
    scenario: async (name, yaml) => {
      const path = join(dir, "scenarios", `${name}.yaml`);
      await Deno.writeTextFile(path, `schema: 1\nscenarios:\n${yaml}`);
      return path;
    },
    dispose: () => m.dispose(),
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  manifest: {
    scenarios: Array<Record<string, unknown> & { steps: Array<Record<string, unknown>> }>;
  } | null;
  runDir: string | null;
}

/** The child's argv and environment for `bajutsu <args>` on the project. */
export function cliCommand(
  p: IosProject,
  args: string[],
  env: Record<string, string> = {},
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", join(REPO, "deno.json"), join(REPO, "main.ts"), ...args],
    cwd: p.dir,
    env: {
      ...p.mac.env,
      NO_COLOR: "1",
      BAJUTSU_XCUITEST_STARTUP_TIMEOUT: "30",
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

/** Runs `bajutsu run --config … --runs-dir … <args>` and reads the manifest it names. */
export async function runIos(
  p: IosProject,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const out = await cliCommand(
    p,
    ["run", "--config", p.config, "--runs-dir", p.runs, ...args],
    env,
  ).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  const m = /^(?:PASS|FAIL) {2}(.*manifest\.json)$/m.exec(stdout);
  if (!m) return { code: out.code, stdout, stderr, manifest: null, runDir: null };
  const path = m[1].startsWith("/") ? m[1] : join(p.dir, m[1]);
  return {
    code: out.code,
    stdout,
    stderr,
    manifest: JSON.parse(await Deno.readTextFile(path)),
    runDir: dirname(path),
  };
}

/** Pids of processes (fake tools, fake WDA) that belong to the fake Mac in `dir`. */
export async function fakeProcesses(dir: string): Promise<number[]> {
  const out: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const environ = await Deno.readTextFile(`/proc/${e.name}/environ`);
      const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`);
      if (environ.includes(dir) && /fake_ios\/(xcrun|xcodebuild)\.ts/.test(cmd)) {
        out.push(Number(e.name));
      }
    } catch { /* gone, or not ours to read */ }
  }
  return out;
}
