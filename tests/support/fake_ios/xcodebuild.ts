/**
 * A fake `xcodebuild` for tests without a Mac. `-version` answers like Xcode 16.4;
 * `build-for-testing` of the WebDriverAgentRunner scheme checks its argv and writes the products
 * (`Debug-iphonesimulator/WebDriverAgentRunner-Runner.app`, the `.xctestrun`) under
 * `-derivedDataPath`, or fails like a broken build (`** TEST BUILD FAILED **`, exit 65);
 * `test-without-building` checks the products and the destination, then serves a fake
 * WebDriverAgent on `USE_PORT` in this very process (so it lives and dies with the process group
 * the runner started), printing the lines xcodebuild and WDA print (`ServerURLHere->…`).
 *
 * @module
 */
import { parseFakeApp } from "../../../src/drivers/fake/mod.ts";
import type { FakeAppSpec } from "../../../src/drivers/fake/mod.ts";
import { type AppHost, type AppRun, FakeWda } from "./fake_wda.ts";
import { deviceOf, readState, statePath, updateState, updateStateSync } from "./state.ts";

/** The file a fake app bundle carries its screens in. */
export const FAKE_APP_FILE = "bajutsu-fake-app.yaml";

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function out(line: string): void {
  console.log(line);
}

function fail(code: number, ...lines: string[]): number {
  for (const l of lines) console.error(l);
  return code;
}

/** The apps of one simulator, read from the fake simctl's state. */
class StateAppHost implements AppHost {
  readonly #specs = new Map<string, FakeAppSpec | null>();
  constructor(readonly udid: string) {}

  spec(bundleId: string): FakeAppSpec | null {
    if (this.#specs.has(bundleId)) return this.#specs.get(bundleId)!;
    const s = readState();
    const path = s.apps[this.udid]?.[bundleId] ?? s.builtInApps[bundleId];
    let spec: FakeAppSpec | null = null;
    if (path !== undefined) {
      const file = `${path}/${FAKE_APP_FILE}`;
      const load = parseFakeApp(Deno.readTextFileSync(file), file);
      if (!load.app) {
        throw new Error(`fake app ${file} does not load: ${JSON.stringify(load.errors)}`);
      }
      spec = load.app;
    }
    this.#specs.set(bundleId, spec);
    return spec;
  }

  running(bundleId: string): AppRun | null {
    const run = readState().running[this.udid]?.[bundleId];
    return run ? { launchId: String(run.pid), args: run.args, env: run.env } : null;
  }

  launch(bundleId: string, args: string[], env: Record<string, string>): AppRun {
    return updateStateSync((s) => {
      const pid = s.nextPid++;
      (s.running[this.udid] ??= {})[bundleId] = { pid, args, env };
      return { launchId: String(pid), args, env };
    });
  }

  crashesOnTap(): boolean {
    return updateStateSync((s) => {
      s.taps++;
      for (const c of s.appCrashes) {
        const left = c.times ?? 1;
        if (left > 0 && s.taps >= c.onTap) {
          c.times = left - 1;
          return true;
        }
      }
      return false;
    });
  }
}

async function buildForTesting(args: string[]): Promise<number> {
  const project = flag(args, "-project");
  const scheme = flag(args, "-scheme");
  const destination = flag(args, "-destination") ?? "";
  const derived = flag(args, "-derivedDataPath");
  out("Command line invocation:");
  out(`    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild ${args.join(" ")}`);
  if (!project || !project.endsWith("WebDriverAgent.xcodeproj")) {
    return fail(66, `xcodebuild: error: '${project}' does not exist.`);
  }
  try {
    Deno.statSync(`${project}/project.pbxproj`);
  } catch {
    return fail(66, `xcodebuild: error: '${project}' does not exist.`);
  }
  if (scheme !== "WebDriverAgentRunner") {
    return fail(65, `xcodebuild: error: The project does not contain a scheme named "${scheme}".`);
  }
  const udid = /^platform=iOS Simulator,id=(.+)$/.exec(destination)?.[1];
  const state = readState();
  if (!udid || !deviceOf(state, udid)) {
    return fail(
      70,
      "xcodebuild: error: Unable to find a destination matching the provided destination specifier:",
      `\t\t{ ${destination} }`,
    );
  }
  if (!derived) return fail(64, "xcodebuild: error: -derivedDataPath is required by this fake");
  for (const setting of ["CODE_SIGNING_ALLOWED=NO", "COMPILER_INDEX_STORE_ENABLE=NO"]) {
    if (!args.includes(setting)) return fail(64, `fake xcodebuild: expected ${setting}`);
  }
  const failing = await updateState((s) => {
    s.xcodebuild.push(["build-for-testing", ...args]);
    if (s.buildFailures <= 0) return false;
    s.buildFailures--;
    return true;
  });
  out("Build settings from command line:");
  out("    CODE_SIGNING_ALLOWED = NO");
  out("CompileC WebDriverAgentLib/Routing/FBWebServer.m normal arm64 objective-c");
  if (failing) {
    out(
      `${project}/../WebDriverAgentLib/Utilities/FBXCTestDaemonsProxy.m:42:3: error: use of undeclared identifier 'XCTRunnerDaemonSession'`,
    );
    out("** TEST BUILD FAILED **");
    out("");
    out("The following build commands failed:");
    out("\tCompileC WebDriverAgentLib/Utilities/FBXCTestDaemonsProxy.m normal arm64 objective-c");
    out("(1 failure)");
    return 65;
  }
  const products = `${derived}/Build/Products`;
  const app = `${products}/Debug-iphonesimulator/WebDriverAgentRunner-Runner.app`;
  Deno.mkdirSync(app, { recursive: true });
  Deno.writeTextFileSync(
    `${app}/Info.plist`,
    `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.facebook.WebDriverAgentRunner.xctrunner</string></dict></plist>`,
  );
  Deno.writeTextFileSync(
    `${products}/WebDriverAgentRunner_iphonesimulator18.4-arm64.xctestrun`,
    `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict/></plist>`,
  );
  out("** TEST BUILD SUCCEEDED **");
  return 0;
}

async function testWithoutBuilding(args: string[]): Promise<number> {
  const derived = flag(args, "-derivedDataPath");
  const destination = flag(args, "-destination") ?? "";
  const udid = /^id=(.+)$/.exec(destination)?.[1];
  out("Command line invocation:");
  out(`    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild ${args.join(" ")}`);
  const app = `${derived}/Build/Products/Debug-iphonesimulator/WebDriverAgentRunner-Runner.app`;
  try {
    Deno.statSync(app);
  } catch {
    return fail(
      70,
      "xcodebuild: error: Failed to build project WebDriverAgent with scheme WebDriverAgentRunner.",
      "\tReason: There are no test bundles available to test.",
    );
  }
  const device = udid ? deviceOf(readState(), udid) : undefined;
  if (!udid || !device || device.state !== "Booted") {
    return fail(
      70,
      "xcodebuild: error: Unable to find a destination matching the provided destination specifier:",
      `\t\t{ ${destination} }`,
    );
  }
  const port = Number(Deno.env.get("USE_PORT") ?? "8100");
  const spawn = await updateState((s) => {
    s.xcodebuild.push(["test-without-building", ...args]);
    return ++s.wdaSpawns;
  });
  const faults = readState().wdaFaults.find((f) => f.spawn === spawn);
  if (faults?.vanishDevice) {
    await updateState((s) => (s.devices = s.devices.filter((d) => d.udid !== udid)));
    return fail(
      70,
      "xcodebuild: error: Unable to find a destination matching the provided destination specifier:",
      `\t\t{ ${destination} }`,
    );
  }
  out("2026-09-10 08:14:02.000 xcodebuild[4242:1a2b] Writing result bundle at path:");
  out(`\t${derived}/Logs/Test/Test-WebDriverAgentRunner-2026.09.10_08-14-02-+0000.xcresult`);
  out("Test Suite 'All tests' started at 2026-09-10 08:14:05.000.");
  out("Test Suite 'WebDriverAgentRunner.xctest' started at 2026-09-10 08:14:05.001.");
  out("Test Case '-[UITestingUITests testRunner]' started.");
  out("    t =     0.00s Start Test at 2026-09-10 08:14:05.002");
  if (faults?.portInUse) {
    out(
      `2026-09-10 08:14:05.100 WebDriverAgentRunner-Runner[4243:1a2c] Failed to start web server ` +
        `on port ${port} with error Error Domain=NSPOSIXErrorDomain Code=48 "Address already in use"`,
    );
    out("Test Case '-[UITestingUITests testRunner]' failed (0.100 seconds).");
    out("Test Suite 'All tests' failed at 2026-09-10 08:14:05.200.");
    out("** TEST EXECUTE FAILED **");
    return 65;
  }
  if (faults?.exitAtStart !== undefined) {
    out("Testing failed:");
    out(
      "\tEarly unexpected exit, operation never finished bootstrapping - no restart will be attempted.",
    );
    out("** TEST EXECUTE FAILED **");
    return faults.exitAtStart;
  }
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => finish = resolve);
  let wda: FakeWda;
  try {
    wda = new FakeWda({
      host: new StateAppHost(udid),
      port,
      faults: faults?.faults,
      recordTo: `${statePath()}.wda-${spawn}.jsonl`,
      onDie: () => {
        out("Test Case '-[UITestingUITests testRunner]' failed (0.000 seconds).");
        out("Test Suite 'All tests' failed at 2026-09-10 08:15:00.000.");
        finish(65);
      },
    });
  } catch (err) {
    out(`2026-09-10 08:14:05.100 WebDriverAgentRunner-Runner[4243:1a2c] ${String(err)}`);
    return fail(65, "** TEST EXECUTE FAILED **");
  }
  out(`    t =     0.10s     Set up`);
  out(`ServerURLHere->http://127.0.0.1:${wda.server.port}<-ServerURLHere`);
  const stop = () => finish(143);
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  // `GET /wda/shutdown` ends the test, as WDA's own does.
  const watch = setInterval(() => {
    if (wda.server.requests.some((r) => r.pathname === "/wda/shutdown")) {
      out("Test Suite 'Selected tests' passed at 2026-09-10 08:15:00.000.");
      finish(0);
    }
  }, 50);
  const code = await finished;
  clearInterval(watch);
  await wda.close();
  return code;
}

async function main(): Promise<number> {
  const args = Deno.args;
  if (args.includes("-version")) {
    const s = readState();
    out(`Xcode ${s.xcodeVersion}`);
    out("Build version 16F6");
    return 0;
  }
  if (args[0] === "build-for-testing") return await buildForTesting(args.slice(1));
  if (args[0] === "test-without-building") return await testWithoutBuilding(args.slice(1));
  return fail(64, `xcodebuild: error: this fake does not know ${args.join(" ")}`);
}

if (import.meta.main) Deno.exit(await main());
