/**
 * `bajutsu run` on an Android target against the fake farm, as a real process: a config and a
 * scenario folder in the farm's folder, the fake `adb` first on PATH, the server APKs from the
 * fixture tarball. The app is a counter: buttons, a text field, a list, and a `boom` button that
 * crashes it when the device's `appCrashes` fault is armed.
 *
 * @module
 */
import { join, resolve } from "node:path";
import type { ContractScreen } from "../drivers/contract.ts";
import { FakeFarm } from "../support/fake_adb/harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
export const APP = "com.example.counter";

export const COUNTER_SCREEN: ContractScreen = {
  size: [400, 700],
  elements: [
    { kind: "button", id: "inc", label: "Add", frame: [20, 20, 120, 44], onTap: "taps" },
    { kind: "counter", id: "taps", frame: [160, 20, 80, 44] },
    { kind: "textField", id: "name", label: "Name", frame: [20, 80, 260, 44] },
    { kind: "button", id: "boom", label: "Boom", frame: [20, 140, 120, 44], onTap: "booms" },
    { kind: "counter", id: "booms", frame: [160, 140, 80, 44] },
    { kind: "list", id: "list", frame: [20, 200, 300, 200], rows: 20, rowHeight: 50 },
  ],
};

/** Three scenarios: taps, typing, a crash-prone tap. */
export const SUITE = `
- name: counts taps
  steps:
    - tap: { id: inc }
    - tap: { id: inc }
    - tap: { label: Add, traits: [button] }
  expect:
    - label: { sel: { id: taps }, equals: "3" }
- name: types a name
  steps:
    - type: { text: Ada, into: { id: name } }
    - assert:
        - value: { sel: { id: name }, equals: Ada }
    - wait: { for: { label: Row 2 }, timeout: 5 }
- name: boom once
  steps:
    - tap: { id: boom }
    - tap: { id: inc }
  expect:
    - label: { sel: { id: taps }, equals: "1" }
`;

export interface AndroidRun {
  code: number;
  stdout: string;
  stderr: string;
  manifest: { ok: boolean; scenarios: Array<Record<string, unknown>> } | null;
}

/** A farm with devices, the app's APK, a config and the suite. */
export async function androidProject(
  serials: string[] = ["emulator-5554"],
  suite = SUITE,
): Promise<FakeFarm> {
  const farm = await FakeFarm.create();
  for (const serial of serials) farm.addDevice(serial, { screen: COUNTER_SCREEN.size });
  await farm.writeApk(
    { package: APP, screen: COUNTER_SCREEN, crashOnTap: "boom" },
    "counter.apk",
  );
  await Deno.mkdir(join(farm.home, "scenarios"));
  await Deno.writeTextFile(join(farm.home, "scenarios", "suite.yaml"), suite);
  await Deno.writeTextFile(
    join(farm.home, "bajutsu.config.yaml"),
    `targets:\n  phone:\n    package: ${APP}\n    appPath: counter.apk\n    scenarios: scenarios\n`,
  );
  return farm;
}

/** `bajutsu run --config <farm>/bajutsu.config.yaml <args…>` with the farm's environment. */
export async function runAndroid(
  farm: FakeFarm,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<AndroidRun> {
  const out = await runCommandOf(farm, args, env).output();
  return await finished(out, farm.home);
}

/** The same, as a started process (for signal tests). */
export function runCommandOf(
  farm: FakeFarm,
  args: string[],
  env: Record<string, string> = {},
): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      join(ROOT, "deno.json"),
      join(ROOT, "main.ts"),
      "run",
      "--config",
      join(farm.home, "bajutsu.config.yaml"),
      "--runs-dir",
      join(farm.home, "runs"),
      ...args,
    ],
    cwd: farm.home,
    env: farm.env(env),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

export async function finished(out: Deno.CommandOutput, cwd: string): Promise<AndroidRun> {
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  const match = /(?:PASS|FAIL) {2}(\S*manifest\.json)/.exec(stdout);
  let manifest = null;
  if (match) manifest = JSON.parse(await Deno.readTextFile(resolve(cwd, match[1])));
  return { code: out.code, stdout, stderr, manifest };
}

/** adb calls whose arguments contain `words` in order. */
export function countCalls(farm: FakeFarm, ...words: string[]): number {
  return farm.calls().filter((c) => {
    const joined = c.args.join(" ");
    return joined.includes(words.join(" "));
  }).length;
}
