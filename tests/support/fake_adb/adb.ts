/**
 * The fake `adb` executable (started through the `adb` shim a test puts first on PATH): the
 * host-side commands the Android backend uses, with adb's real texts and exit codes, over the
 * fake farm in `$FAKE_ADB_HOME`. `shell am instrument …` runs the fake UiAutomator2 server in
 * this very process until it is signalled or a `die` fault kills it, like the real
 * instrumentation; `shell screenrecord` and `logcat` also stay until signalled.
 *
 * Every call is appended to `calls.jsonl` (serial, arguments), so tests count wire calls.
 *
 * @module
 */
import { basename, join } from "node:path";
import { solidPng } from "../../../src/drivers/fake/png.ts";
import { FakeW3CServer } from "../fake_w3c/server.ts";
import { doubleTapAt, renderDump } from "./app.ts";
import type { FakeApkSpec } from "./app.ts";
import { foreground, input, runCommand, type ShellResult, splitCommands } from "./shell.ts";
import {
  appendLog,
  type DeviceEntry,
  deviceFile,
  type DeviceState,
  homeDir,
  readDevice,
  readDevices,
  withDevice,
  withLock,
  writeJson,
} from "./state.ts";
import { serverRoutes } from "./uia2.ts";

const encoder = new TextEncoder();
const out = (text: string | Uint8Array) =>
  Deno.stdout.writeSync(typeof text === "string" ? encoder.encode(text) : text);
const err = (text: string) => Deno.stderr.writeSync(encoder.encode(text));

const INSTRUMENTATION_TARGET =
  "io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner";

function unauthorizedText(): string {
  return "error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n" +
    "Try 'adb kill-server' if that seems wrong.\n" +
    "Otherwise check for a confirmation dialog on your device.\n";
}

/** The device a call addresses, or the exit code after printing adb's error. */
function target(home: string, serial: string | null): DeviceEntry | number {
  const devices = readDevices(home);
  if (serial !== null) {
    const d = devices.find((x) => x.serial === serial);
    if (!d) {
      err(`error: device '${serial}' not found\n`);
      return 1;
    }
    return d;
  }
  if (devices.length === 0) {
    err("error: no devices/emulators found\n");
    return 1;
  }
  if (devices.length > 1) {
    err("error: more than one device/emulator\n");
    return 1;
  }
  return devices[0];
}

/** adb's refusal for a device that is not usable (or an armed offline fault), else null. */
function refusal(home: string, d: DeviceEntry): number | null {
  if (d.state === "unauthorized") {
    err(unauthorizedText());
    return 1;
  }
  if (d.state === "offline") {
    err("error: device offline\n");
    return 1;
  }
  const offline = withDevice(home, d.serial, (s) => {
    if (s.faults.offlineCalls <= 0) return false;
    s.faults.offlineCalls--;
    return true;
  });
  if (offline) {
    err("error: device offline\n");
    return 1;
  }
  return null;
}

function devicesCommand(home: string, long: boolean): number {
  const lines = readDevices(home).map((d) =>
    long
      ? `${
        d.serial.padEnd(22)
      } ${d.state} product:${d.product} model:${d.model} device:emu64xa transport_id:1`
      : `${d.serial}\t${d.state}`
  );
  out(`List of devices attached\n${lines.map((l) => l + "\n").join("")}\n`);
  return 0;
}

function shellCommand(home: string, serial: string, words: string[], stdin: string | null): number {
  const line = words.length > 0 ? words.join(" ") : stdin ?? "";
  const commands = splitCommands(line);
  // Two taps on one spot in one shell call come within the double-tap timeout: a double tap.
  if (
    commands.length === 2 && commands.every((c) => c[0] === "input" && c[1] === "tap") &&
    commands[0].join(" ") === commands[1].join(" ")
  ) {
    const p: [number, number] = [Number(commands[0][2]), Number(commands[0][3])];
    withDevice(
      home,
      serial,
      (d) => input(d, `doubleTap ${p.join(" ")}`, (f) => doubleTapAt(f.apk, f.app, p)),
    );
    return 0;
  }
  let last: ShellResult = { code: 0, out: "" };
  for (const command of commands) {
    if (command[0] === "exit") break;
    last = withDevice(home, serial, (d) => runCommand(d, command));
    out(last.out);
  }
  return last.code;
}

function install(home: string, serial: string, args: string[]): number {
  const apkPath = args.filter((a) => !a.startsWith("-")).at(-1);
  if (!apkPath) {
    err("adb: need APK file on command line\n");
    return 1;
  }
  let text: string;
  try {
    text = Deno.readTextFileSync(apkPath);
  } catch {
    err(`adb: failed to stat ${apkPath}: No such file or directory\n`);
    return 1;
  }
  let apk: FakeApkSpec;
  try {
    apk = JSON.parse(text);
    if (apk.fakeApk !== true) throw new Error("not a fake apk");
  } catch {
    out("Performing Streamed Install\n");
    err(
      `adb: failed to install ${apkPath}: Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed parse ` +
        `during installPackageLI: Failed to parse /data/app/vmdl1.tmp/base.apk]\n`,
    );
    return 1;
  }
  withDevice(home, serial, (d) => {
    const grants = d.installed[apk.package]?.grants ?? [];
    d.installed[apk.package] = { apk, grants };
  });
  out("Performing Streamed Install\nSuccess\n");
  return 0;
}

function uninstall(home: string, serial: string, pkg: string): number {
  const removed = withDevice(home, serial, (d) => {
    if (!d.installed[pkg]) return false;
    delete d.installed[pkg];
    if (d.app?.package === pkg) d.app = null;
    return true;
  });
  if (removed) {
    out("Success\n");
    return 0;
  }
  out("Failure [DELETE_FAILED_INTERNAL_ERROR]\n");
  return 1;
}

/** A free loopback port (bound, then released). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

function forward(home: string, serial: string, args: string[]): number {
  if (args[0] === "--remove") {
    const local = Number(args[1]?.replace("tcp:", ""));
    const found = withDevice(home, serial, (d) => {
      const before = d.forwards.length;
      d.forwards = d.forwards.filter((f) => f.local !== local);
      return d.forwards.length !== before;
    });
    if (!found) {
      err(`adb: error: listener '${args[1]}' not found\n`);
      return 1;
    }
    return 0;
  }
  if (args[0] === "--list") {
    const d = readDevice(home, serial);
    out(d.forwards.map((f) => `${serial} tcp:${f.local} ${f.remote}\n`).join(""));
    return 0;
  }
  const [local, remote] = args;
  const port = withDevice(home, serial, (d) => {
    const existing = d.forwards.find((f) => f.remote === remote);
    if (existing) return existing.local;
    // The server, if it runs, listens on a host port: that port stands for the tunnel.
    const chosen = local === "tcp:0"
      ? (remote === "tcp:6790" && d.serverPort !== null ? d.serverPort : freePort())
      : Number(local.replace("tcp:", ""));
    d.forwards.push({ local: chosen, remote });
    return chosen;
  });
  out(`${port}\n`);
  return 0;
}

function untilSignal(): Promise<Deno.Signal> {
  return new Promise((resolve) => {
    for (const s of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      Deno.addSignalListener(s, () => resolve(s));
    }
  });
}

function dropProcess(home: string, serial: string): void {
  withDevice(home, serial, (d) => {
    d.processes = d.processes.filter((p) => p.pid !== Deno.pid);
    if (d.serverPort !== null && d.processes.every((p) => p.kind !== "instrument")) {
      d.serverPort = null;
    }
  });
}

async function instrument(home: string, serial: string, words: string[]): Promise<number> {
  const targetName = words.at(-1);
  const d = readDevice(home, serial);
  const declared = Object.values(d.installed).some((a) => a.apk.instrumentation === targetName);
  if (targetName !== INSTRUMENTATION_TARGET || !declared) {
    out(
      `INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{${targetName}}\n` +
        "INSTRUMENTATION_STATUS_CODE: -1\n" +
        `android.util.AndroidException: INSTRUMENTATION_FAILED: ${targetName}\n`,
    );
    return 1;
  }
  const failsNow = withDevice(home, serial, (s) => {
    if (s.faults.instrumentFailures <= 0) return false;
    s.faults.instrumentFailures--;
    return true;
  });
  if (failsNow) {
    out("INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n");
    return 0;
  }
  let died: () => void = () => {};
  const dead = new Promise<"died">((resolve) => died = () => resolve("died"));
  const server = withLock(home, () => {
    const state = readDevice(home, serial);
    const faults = state.faults.serverRuns.shift() ?? [];
    const tunnel = state.forwards.find((f) => f.remote === "tcp:6790");
    const s = new FakeW3CServer({
      flavor: "uiautomator2",
      port: tunnel?.local ?? 0,
      routes: serverRoutes(home, serial),
      faults,
      recordTo: join(home, `server-${serial}.jsonl`),
      onDie: () => died(),
    });
    state.serverPort = s.port;
    state.processes.push({ kind: "instrument", pid: Deno.pid });
    writeJson(deviceFile(home, serial), state);
    return s;
  });
  const how = await Promise.race([dead, untilSignal()]);
  await server.close();
  dropProcess(home, serial);
  if (how === "died") {
    out("INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n");
  }
  return 0;
}

async function screenrecord(home: string, serial: string, words: string[]): Promise<number> {
  const remote = words.filter((w) => !w.startsWith("-")).at(-1) ?? "/sdcard/video.mp4";
  withDevice(home, serial, (d) => d.processes.push({ kind: "screenrecord", pid: Deno.pid }));
  await untilSignal();
  // Finalized on the way out, as screenrecord does on SIGINT or SIGHUP.
  const host = join(home, `sdcard-${serial}-${basename(remote)}`);
  Deno.writeFileSync(host, encoder.encode("\0\0\0\x18ftypmp42fake-mp4"));
  withDevice(home, serial, (d) => {
    d.files[remote] = host;
  });
  dropProcess(home, serial);
  return 0;
}

async function logcat(home: string, serial: string, args: string[]): Promise<number> {
  if (args.includes("-c")) {
    withDevice(home, serial, (d) => d.logcat = []);
    return 0;
  }
  const pidArg = args.find((a) => a.startsWith("--pid="));
  const pid = pidArg ? Number(pidArg.slice(6)) : null;
  withDevice(home, serial, (d) => d.processes.push({ kind: "logcat", pid: Deno.pid }));
  // `-T <time>`: from that time on; `-T <count>`: the last lines; absent: from now.
  const since = args[args.indexOf("-T") + 1] ?? "";
  const all = readDevice(home, serial).logcat;
  let seen = all.length;
  if (args.includes("-T") && since.includes(" ")) {
    const first = all.findIndex((e) => e.line.slice(0, 18) >= since);
    seen = first < 0 ? all.length : first;
  } else if (args.includes("-T")) {
    seen = Math.max(0, all.length - Number(since));
  }
  const stop = untilSignal();
  let stopped = false;
  stop.then(() => stopped = true);
  const drain = () => {
    const lines = readDevice(home, serial).logcat;
    for (const entry of lines.slice(seen)) {
      if (pid === null || entry.pid === pid) out(entry.line + "\n");
    }
    seen = lines.length;
  };
  while (!stopped) {
    drain();
    await Promise.race([stop, new Promise((r) => setTimeout(r, 20))]);
  }
  // What was logged before the stop is delivered, as a streaming logcat would have.
  drain();
  dropProcess(home, serial);
  return 0;
}

function pull(home: string, serial: string, remote: string, local: string): number {
  const d: DeviceState = readDevice(home, serial);
  const host = d.files[remote];
  if (!host) {
    err(`adb: error: failed to stat remote object '${remote}': No such file or directory\n`);
    return 1;
  }
  Deno.copyFileSync(host, local);
  out(
    `${remote}: 1 file pulled, 0 skipped. 0.4 MB/s (${Deno.statSync(host).size} bytes in 0.001s)\n`,
  );
  return 0;
}

function execOut(home: string, serial: string, words: string[]): number {
  const line = words.join(" ");
  if (line === "screencap -p") {
    out(solidPng(8, 14, [40, 120, 200]));
    return 0;
  }
  if (line.startsWith("uiautomator dump")) {
    const xml = withDevice(home, serial, (d) => {
      if (d.faults.idleFailures > 0) {
        d.faults.idleFailures--;
        return null;
      }
      const f = foreground(d);
      return renderDump(f?.apk ?? null, f?.app ?? null, d.screen);
    });
    // exec-out has no exit status of its own: the error is in the output.
    out(
      xml === null
        ? "ERROR: could not get idle state.\n"
        : `${xml}UI hierchary dumped to: /dev/tty\n`,
    );
    return 0;
  }
  return shellCommand(home, serial, words, null);
}

async function readStdin(): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const c of Deno.stdin.readable) chunks.push(c);
  return new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
}

async function main(argv: string[]): Promise<number> {
  const home = homeDir();
  let serial: string | null = null;
  let args = argv;
  if (args[0] === "-s") {
    serial = args[1];
    args = args.slice(2);
  }
  appendLog(home, "calls.jsonl", { serial, args });
  const [cmd, ...rest] = args;
  if (cmd === "version") {
    out("Android Debug Bridge version 1.0.41\nVersion 35.0.2-12147458\nInstalled as fake\n");
    return 0;
  }
  if (cmd === "devices") return devicesCommand(home, rest.includes("-l"));
  if (cmd === "start-server" || cmd === "kill-server") return 0;
  const device = target(home, serial);
  if (typeof device === "number") return device;
  const refused = refusal(home, device);
  if (refused !== null) return refused;
  const s = device.serial;
  switch (cmd) {
    case "shell":
      if (rest[0] === "am" && rest[1] === "instrument") return await instrument(home, s, rest);
      if (rest[0] === "screenrecord") return await screenrecord(home, s, rest);
      return shellCommand(home, s, rest, rest.length === 0 ? await readStdin() : null);
    case "exec-out":
      return execOut(home, s, rest);
    case "install":
      return install(home, s, rest);
    case "uninstall":
      return uninstall(home, s, rest[0]);
    case "forward":
      return forward(home, s, rest);
    case "logcat":
      return await logcat(home, s, rest);
    case "pull":
      return pull(home, s, rest[0], rest[1]);
    case "reconnect":
    case "wait-for-device":
      return 0;
  }
  err(`adb: unknown command ${cmd}\n`);
  return 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
