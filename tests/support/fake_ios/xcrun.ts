/**
 * A fake `xcrun simctl` for tests without a Mac: the subcommands the runner uses, the JSON shapes
 * of `list … -j`, and simctl's own error texts and exit codes (CoreSimulator's 405 "in current
 * state", "Invalid device", FrontBoard's "returned nil" for an app that is not installed,
 * "found nothing to terminate"), over the shared state file (`state.ts`). Scripted faults fail
 * or hang the Nth matching call (CoreSimulator's "launchd failed to respond" boot failure:
 * `boot_faults.ts`).
 *
 * Run as `xcrun simctl <subcommand> …` through the shim `FakeIos` writes onto PATH.
 *
 * @module
 */
import { solidPng } from "../../../src/drivers/fake/png.ts";
import {
  deviceOf,
  type FakeDevice,
  type FakeIosState,
  readState,
  type SimctlFault,
  updateState,
} from "./state.ts";

/** A failure as simctl prints it. */
class Fail extends Error {
  constructor(readonly exit: number, readonly stderr: string) {
    super(stderr);
  }
}

const coreSimError = (code: number, text: string) =>
  `An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=${code}):\n${text}`;

function invalidDevice(udid: string): Fail {
  return new Fail(148, `Invalid device: ${udid}`);
}

function stateError(action: string, state: string): Fail {
  return new Fail(149, coreSimError(405, `Unable to ${action} in current state: ${state}`));
}

function device(state: FakeIosState, udid: string): FakeDevice {
  if (udid === "booted") {
    const booted = state.devices.find((d) => d.state === "Booted");
    if (!booted) throw new Fail(149, "No devices are booted.");
    return booted;
  }
  const d = deviceOf(state, udid);
  if (!d || !d.isAvailable) throw invalidDevice(udid);
  return d;
}

function booted(state: FakeIosState, udid: string): FakeDevice {
  const d = device(state, udid);
  if (d.state !== "Booted") throw stateError("lookup", d.state);
  return d;
}

function installed(state: FakeIosState, udid: string): Record<string, string> {
  return { ...state.builtInApps, ...(state.apps[udid] ?? {}) };
}

function bundleIdOf(appPath: string): string {
  let plist: string;
  try {
    plist = Deno.readTextFileSync(`${appPath}/Info.plist`);
  } catch {
    throw new Fail(
      1,
      "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n" +
        "Failed to install the requested application\n" +
        "The bundle identifier of the application could not be determined.\n" +
        "Ensure that the application's Info.plist contains a value for CFBundleIdentifier.",
    );
  }
  const m = /<key>CFBundleIdentifier<\/key>\s*<string>([^<]+)<\/string>/.exec(plist);
  if (!m) throw new Fail(1, "The bundle identifier of the application could not be determined.");
  return m[1];
}

function listJson(state: FakeIosState, args: string[]): unknown {
  const what = args.find((a) => ["devices", "runtimes", "devicetypes"].includes(a)) ?? "all";
  const filter = args.find((a) => a === "available" || a === "booted");
  const devices: Record<string, unknown[]> = {};
  for (const r of state.runtimes) devices[r.identifier as string] = [];
  for (const d of state.devices) {
    if (filter === "available" && !d.isAvailable) continue;
    if (filter === "booted" && d.state !== "Booted") continue;
    (devices[d.runtime] ??= []).push({
      dataPath: `/Users/runner/Library/Developer/CoreSimulator/Devices/${d.udid}/data`,
      dataPathSize: 18_000_000,
      logPath: `/Users/runner/Library/Logs/CoreSimulator/${d.udid}`,
      udid: d.udid,
      isAvailable: d.isAvailable,
      deviceTypeIdentifier: d.deviceTypeIdentifier,
      state: d.state,
      name: d.name,
    });
  }
  if (what === "devices") return { devices };
  if (what === "runtimes") return { runtimes: state.runtimes };
  if (what === "devicetypes") return { devicetypes: state.devicetypes };
  return { devicetypes: state.devicetypes, runtimes: state.runtimes, devices, pairs: {} };
}

function uuid(): string {
  return crypto.randomUUID().toUpperCase();
}

/** Finds and consumes a scripted fault for this call. */
function takeFault(state: FakeIosState, sub: string, udid: string | undefined): SimctlFault | null {
  for (const f of state.simctlFaults) {
    if (f.subcommand !== sub) continue;
    if (f.udid !== undefined && f.udid !== udid) continue;
    if ((f.skip ?? 0) > 0) {
      f.skip = f.skip! - 1;
      continue;
    }
    const left = f.times ?? 1;
    if (left <= 0) continue;
    f.times = left - 1;
    return { ...f };
  }
  return null;
}

/** Subcommands that take the device as their first argument. */
const DEVICE_FIRST = new Set([
  "boot",
  "bootstatus",
  "shutdown",
  "erase",
  "install",
  "uninstall",
  "terminate",
  "openurl",
  "io",
  "privacy",
  "spawn",
  "delete",
]);

function deviceArg(sub: string, args: string[]): string | undefined {
  if (sub === "launch") return args.find((a) => !a.startsWith("-"));
  return DEVICE_FIRST.has(sub) ? args[0] : undefined;
}

async function simctl(argv: string[]): Promise<number> {
  const [sub, ...args] = argv;
  const udidArg = deviceArg(sub, args);
  const recordingVideo = sub === "io" && args[1] === "recordVideo";
  const faultKey = recordingVideo ? "recordVideo" : sub === "spawn" ? `spawn ${args[1]}` : sub;
  const fault = await updateState((s) => {
    s.calls.push(argv);
    const f = takeFault(s, faultKey, udidArg);
    if (f?.shutsDown && udidArg) {
      const d = deviceOf(s, udidArg);
      if (d) d.state = "Shutdown";
      delete s.running[udidArg];
    }
    if (f?.hangS) s.hangs.push({ pid: Deno.pid, argv, finished: false });
    return f;
  });
  if (fault) {
    if (fault.hangS) {
      await new Promise((r) => setTimeout(r, fault.hangS! * 1000));
      // Only a call that was not killed gets here.
      await updateState((s) => {
        const hung = s.hangs.find((h) => h.pid === Deno.pid && !h.finished);
        if (hung) hung.finished = true;
      });
    }
    if (fault.exit !== undefined || fault.stderr !== undefined) {
      console.error(fault.stderr ?? `fake failure of ${faultKey}`);
      return fault.exit ?? 1;
    }
  }
  if (recordingVideo) return await recordVideo(args);
  if (sub === "spawn" && args[1] === "log") return await logStream(args);
  const out = await updateState((s) => run(s, sub, args));
  if (out !== "") console.log(out);
  return 0;
}

function run(state: FakeIosState, sub: string, args: string[]): string {
  switch (sub) {
    case "list":
      if (!args.includes("-j") && !args.includes("--json")) return "== Devices ==";
      return JSON.stringify(listJson(state, args), null, 2);
    case "boot": {
      const d = device(state, args[0]);
      if (d.state === "Booted") throw stateError("boot device", "Booted");
      d.state = "Booted";
      d.boots++;
      return "";
    }
    case "bootstatus": {
      const d = device(state, args[0]);
      if (d.state !== "Booted") {
        if (!args.includes("-b")) throw stateError("lookup", d.state);
        d.state = "Booted";
        d.boots++;
        return `Monitoring boot status for ${d.name} (${d.udid}).\nDevice booted.`;
      }
      return `Monitoring boot status for ${d.name} (${d.udid}).\nDevice already booted, nothing to do.`;
    }
    case "shutdown": {
      const d = device(state, args[0]);
      if (d.state === "Shutdown") throw stateError("shutdown device", "Shutdown");
      d.state = "Shutdown";
      delete state.running[d.udid];
      return "";
    }
    case "erase": {
      const d = device(state, args[0]);
      if (d.state !== "Shutdown") throw stateError("erase contents and settings", d.state);
      delete state.apps[d.udid];
      delete state.defaults[d.udid];
      delete state.privacy[d.udid];
      return "";
    }
    case "install": {
      const d = booted(state, args[0]);
      const bundle = bundleIdOf(args[1]);
      (state.apps[d.udid] ??= {})[bundle] = args[1];
      return "";
    }
    case "uninstall": {
      const d = booted(state, args[0]);
      delete state.apps[d.udid]?.[args[1]];
      delete state.running[d.udid]?.[args[1]];
      return "";
    }
    case "launch": {
      const positional = args.filter((a) => !a.startsWith("--"));
      const [udid, bundle, ...appArgs] = positional;
      const d = booted(state, udid);
      if (!installed(state, d.udid)[bundle]) {
        throw new Fail(
          4,
          `An error was encountered processing the command (domain=FBSOpenApplicationServiceErrorDomain, code=4):\n` +
            `The request to open "${bundle}" failed.\n` +
            `Underlying error (domain=FBSOpenApplicationErrorDomain, code=4):\n` +
            `\tThe operation couldn’t be completed. Application info provider (FBSApplicationLibrary) returned nil for "${bundle}"\n` +
            `\tApplication info provider (FBSApplicationLibrary) returned nil for "${bundle}"`,
        );
      }
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(Deno.env.toObject())) {
        if (k.startsWith("SIMCTL_CHILD_")) env[k.slice("SIMCTL_CHILD_".length)] = v;
      }
      const pid = state.nextPid++;
      (state.running[d.udid] ??= {})[bundle] = { pid, args: appArgs, env };
      return `${bundle}: ${pid}`;
    }
    case "terminate": {
      const d = booted(state, args[0]);
      if (!state.running[d.udid]?.[args[1]]) {
        throw new Fail(
          3,
          `An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):\n` +
            `Simulator device failed to terminate ${args[1]}.\nfound nothing to terminate\n` +
            `Underlying error (domain=NSPOSIXErrorDomain, code=3):\n` +
            `\tThe operation couldn’t be completed. found nothing to terminate\n\tfound nothing to terminate`,
        );
      }
      delete state.running[d.udid][args[1]];
      return "";
    }
    case "openurl":
      booted(state, args[0]);
      return "";
    case "io": {
      booted(state, args[0]);
      if (args[1] !== "screenshot") throw new Fail(64, `Unknown io operation: ${args[1]}`);
      Deno.writeFileSync(args[args.length - 1], solidPng(4, 8, [40, 40, 40]));
      return `Detected file type 'PNG' from extension\nWrote screenshot to: ${
        args[args.length - 1]
      }`;
    }
    case "privacy": {
      const d = booted(state, args[0]);
      const [, action, service, bundle] = args;
      const grants = ((state.privacy[d.udid] ??= {})[bundle ?? "*"] ??= {});
      if (action === "reset") delete grants[service];
      else grants[service] = action;
      return "";
    }
    case "spawn": {
      const d = booted(state, args[0]);
      return defaults(state, d, args.slice(1));
    }
    case "create": {
      const [name, type, runtime] = args;
      const dt = state.devicetypes.find((t) => t.identifier === type || t.name === type);
      if (!dt) throw new Fail(148, `Invalid device type: ${type}`);
      const rt = runtime === undefined
        ? state.runtimes[state.runtimes.length - 1]
        : state.runtimes.find((r) => r.identifier === runtime || r.name === runtime);
      if (!rt) throw new Fail(148, `Invalid runtime: ${runtime}`);
      const udid = uuid();
      state.devices.push({
        udid,
        name,
        state: "Shutdown",
        isAvailable: true,
        deviceTypeIdentifier: dt.identifier as string,
        runtime: rt.identifier as string,
        boots: 0,
      });
      return udid;
    }
    case "delete": {
      const d = device(state, args[0]);
      state.devices = state.devices.filter((x) => x !== d);
      return "";
    }
    default:
      throw new Fail(
        64,
        `Unknown subcommand: ${sub}\nUsage: simctl [--set <path>] <subcommand> ...`,
      );
  }
}

function defaults(state: FakeIosState, d: FakeDevice, args: string[]): string {
  if (args[0] !== "defaults") throw new Fail(1, `fake spawn: ${args[0]} is not simulated`);
  const [, verb, domain, key, type, ...values] = args;
  if (domain !== "-globalDomain") throw new Fail(1, "fake spawn: only -globalDomain is simulated");
  const store = (state.defaults[d.udid] ??= {});
  if (verb === "write") {
    store[key] = type === "-array" ? values : values[0];
    return "";
  }
  if (verb === "read") {
    const v = store[key];
    if (v === undefined) {
      throw new Fail(
        1,
        `\nThe domain/default pair of (kCFPreferencesAnyApplication, ${key}) does not exist\n`,
      );
    }
    return Array.isArray(v) ? `(\n${v.map((x) => `    ${x}`).join(",\n")}\n)` : v;
  }
  throw new Fail(1, `fake spawn: defaults ${verb} is not simulated`);
}

/** `io <udid> recordVideo …`: says it started, writes until SIGINT, finalises, exits 0. */
async function recordVideo(args: string[]): Promise<number> {
  const file = args[args.length - 1];
  const s = readState();
  const d = s.devices.find((x) => x.udid === args[0]);
  if (!d || d.state !== "Booted") {
    console.error(coreSimError(405, `Unable to lookup in current state: ${d?.state ?? "?"}`));
    return 149;
  }
  const stop = waitForSignal(["SIGINT", "SIGTERM"]);
  Deno.writeFileSync(file, new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]));
  console.error("Recording started");
  await stop;
  Deno.writeFileSync(file, new TextEncoder().encode("moov"), { append: true });
  console.error(`Wrote video to: ${file}`);
  return 0;
}

/** `spawn <udid> log stream …`: prints a line now and then until SIGTERM. */
async function logStream(args: string[]): Promise<number> {
  const s = readState();
  const d = s.devices.find((x) => x.udid === args[0]);
  if (!d || d.state !== "Booted") {
    console.error(coreSimError(405, `Unable to lookup in current state: ${d?.state ?? "?"}`));
    return 149;
  }
  const predicate = args.includes("--predicate") ? args[args.indexOf("--predicate") + 1] : "";
  console.log(`Filtering the log data using "${predicate}"`);
  const stop = waitForSignal(["SIGTERM", "SIGINT"]);
  let n = 0;
  const timer = setInterval(() => {
    console.log(
      `2026-09-10 08:14:0${n % 10}.123 Df ShopApp[4242:1a2b] [com.example.shop:net] request ${n++}`,
    );
  }, 50);
  await stop;
  clearInterval(timer);
  return 0;
}

function waitForSignal(signals: Deno.Signal[]): Promise<void> {
  return new Promise((resolve) => {
    for (const s of signals) Deno.addSignalListener(s, () => resolve());
  });
}

async function main(): Promise<number> {
  const [tool, ...rest] = Deno.args;
  if (tool !== "simctl") {
    console.error(
      `xcrun: error: unable to find utility "${tool}", not a developer tool or in PATH`,
    );
    return 72;
  }
  try {
    return await simctl(rest);
  } catch (err) {
    if (err instanceof Fail) {
      console.error(err.stderr);
      return err.exit;
    }
    throw err;
  }
}

if (import.meta.main) Deno.exit(await main());
