/**
 * A fake Mac for iOS tests: a temporary folder with `bin/xcrun` and `bin/xcodebuild` (shims that
 * run the fakes of this folder with the state file baked in), the state file, a fake app factory
 * and a WebDriverAgent source tarball to stand in for the npm package. Put `env.PATH` first on a
 * child's PATH and the runner finds the fakes as it would find Xcode's tools.
 *
 * @example
 * ```ts
 * const mac = await FakeIos.create();
 * try {
 *   const app = await mac.app("com.example.shop", appYaml);
 *   const { code } = await new Deno.Command("deno", { args: [...], env: mac.env }).output();
 * } finally {
 *   await mac.dispose();
 * }
 * ```
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  defaultState,
  type FakeIosState,
  type HungCall,
  readState,
  updateState,
  writeState,
} from "./state.ts";
import { processAlive } from "../process_alive.ts";
import { FAKE_APP_FILE } from "./xcodebuild.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "../../..");

/** The bundle id of the Simulator's Settings app. */
export const SETTINGS_BUNDLE = "com.apple.Preferences";

export class FakeIos {
  private constructor(
    readonly dir: string,
    readonly statePath: string,
    readonly env: Record<string, string>,
  ) {}

  /** The folder holding the fake tools. */
  get bin(): string {
    return join(this.dir, "bin");
  }

  /** The fake `xcrun`, for code that takes the executable's path. */
  get xcrun(): string {
    return join(this.bin, "xcrun");
  }

  get xcodebuild(): string {
    return join(this.bin, "xcodebuild");
  }

  /** Where the runner caches WebDriverAgent in these tests. */
  get cacheDir(): string {
    return join(this.dir, "cache");
  }

  /** The fixture tarball standing in for the npm package. */
  get tarball(): string {
    return join(this.dir, "wda-fixture.tgz");
  }

  static async create(change?: (s: FakeIosState) => void): Promise<FakeIos> {
    const dir = await Deno.makeTempDir({ prefix: "bajutsu-fake-ios-" });
    const statePath = join(dir, "state.json");
    const settings = join(HERE, "apps", "Settings.app");
    const state = defaultState({ [SETTINGS_BUNDLE]: settings });
    change?.(state);
    writeState(state, statePath);
    await Deno.mkdir(join(dir, "bin"));
    const deno = Deno.execPath();
    for (const tool of ["xcrun", "xcodebuild"]) {
      const shim = join(dir, "bin", tool);
      await Deno.writeTextFile(
        shim,
        `#!/bin/sh\nexport FAKE_IOS_STATE='${statePath}'\n` +
          `exec '${deno}' run -A --quiet --config '${REPO}/deno.json' ` +
          `'${HERE}/${tool}.ts' "$@"\n`,
      );
      await Deno.chmod(shim, 0o755);
    }
    await makeTarball(dir, join(dir, "wda-fixture.tgz"));
    const env = {
      PATH: `${join(dir, "bin")}:${Deno.env.get("PATH") ?? ""}`,
      BAJUTSU_CACHE_DIR: join(dir, "cache"),
      BAJUTSU_WDA_TARBALL: join(dir, "wda-fixture.tgz"),
      BAJUTSU_XCUITEST_RUNNER_LOG: join(dir, "runner-logs"),
    };
    return new FakeIos(dir, statePath, env);
  }

  state(): FakeIosState {
    return readState(this.statePath);
  }

  update<T>(change: (s: FakeIosState) => T): Promise<T> {
    return updateState(change, this.statePath);
  }

  /** A fake `.app` bundle: an Info.plist naming `bundleId`, and the fake app's screens. */
  async app(bundleId: string, fakeAppYaml: string, name = "Shop"): Promise<string> {
    const path = join(this.dir, "apps", `${name}.app`);
    await Deno.mkdir(path, { recursive: true });
    await Deno.writeTextFile(
      join(path, "Info.plist"),
      `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n` +
        `\t<key>CFBundleIdentifier</key>\n\t<string>${bundleId}</string>\n</dict>\n</plist>\n`,
    );
    await Deno.writeTextFile(join(path, FAKE_APP_FILE), fakeAppYaml);
    return path;
  }

  /** The simctl calls that hung on a fault and still run (one that was killed is not). */
  liveHangs(): HungCall[] {
    return this.state().hangs.filter((h) => processAlive(h.pid));
  }

  /** The WebDriverAgent requests of the Nth runner spawn, as recorded. */
  wdaRequests(
    spawn: number,
  ): { method: string; pathname: string; target: string; body: unknown }[] {
    try {
      return Deno.readTextFileSync(`${this.statePath}.wda-${spawn}.jsonl`).trim().split("\n")
        .filter(Boolean).map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  }

  async dispose(): Promise<void> {
    await Deno.remove(this.dir, { recursive: true }).catch(() => {});
  }
}

/** A tarball shaped like the npm package: `package/WebDriverAgent.xcodeproj/…`. */
async function makeTarball(dir: string, target: string): Promise<void> {
  const root = join(dir, "wda-src", "package");
  const scheme = join(root, "WebDriverAgent.xcodeproj", "xcshareddata", "xcschemes");
  await Deno.mkdir(scheme, { recursive: true });
  await Deno.writeTextFile(
    join(root, "package.json"),
    JSON.stringify({ name: "appium-webdriveragent", version: "16.12.7" }),
  );
  await Deno.writeTextFile(join(root, "WebDriverAgent.xcodeproj", "project.pbxproj"), "// fake\n");
  await Deno.writeTextFile(join(scheme, "WebDriverAgentRunner.xcscheme"), "<Scheme/>\n");
  const { code, stderr } = await new Deno.Command("tar", {
    args: ["-czf", target, "-C", join(dir, "wda-src"), "package"],
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`tar failed: ${new TextDecoder().decode(stderr)}`);
  await Deno.remove(join(dir, "wda-src"), { recursive: true });
}
