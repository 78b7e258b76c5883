/**
 * The fake device's shell: the commands the Android backend sends through `adb shell`, answered
 * with the real tools' texts and exit codes (`pm`, `am`, `cmd package`, `input`, `getprop`,
 * `wm size`, `pidof`, `dumpsys package`, `rm`). A command line is split like `sh` does it
 * (quotes, `;`), so `input tap … ; input tap …` is one double tap.
 *
 * @module
 */
import {
  deleteBack,
  dragFrom,
  type Effect,
  type FakeApkSpec,
  launchApp,
  pressAt,
  tapAt,
  typeInto,
} from "./app.ts";
import type { DeviceState } from "./state.ts";

/** What a command printed and how it exited. */
export interface ShellResult {
  code: number;
  out: string;
}

const ok = (out = ""): ShellResult => ({ code: 0, out });

/**
 * Splits a command line into commands of words, as `sh` would for the quoting the backend uses:
 * single and double quotes, backslash escapes outside single quotes, `;` between commands.
 */
export function splitCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const end = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, close < 0 ? line.length : close);
      i = close < 0 ? line.length : close;
    } else if (c === '"') {
      let j = i + 1;
      let text = "";
      while (j < line.length && line[j] !== '"') {
        if (line[j] === "\\" && j + 1 < line.length) j++;
        text += line[j++];
      }
      word = (word ?? "") + text;
      i = j;
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[++i];
    } else if (c === ";" || c === "\n") {
      end();
      if (words.length > 0) commands.push(words);
      words = [];
    } else if (c === " " || c === "\t") {
      end();
    } else {
      word = (word ?? "") + c;
    }
  }
  end();
  if (words.length > 0) commands.push(words);
  return commands;
}

/** `MM-DD hh:mm:ss.mmm` (UTC), as logcat's threadtime format and the fake `date` write it. */
export function logStamp(t: Date): string {
  return `${t.toISOString().slice(5, 10)} ${t.toISOString().slice(11, 23)}`;
}

function logLine(d: DeviceState, pid: number, tag: string, message: string, level = "I"): void {
  const stamp = logStamp(new Date());
  d.logcat.push({
    pid,
    line: `${stamp} ${String(pid).padStart(5)} ${
      String(pid).padStart(5)
    } ${level} ${tag}: ${message}`,
  });
}

/** The app running in front, with its APK, or null (the launcher shows). */
export function foreground(
  d: DeviceState,
): { apk: FakeApkSpec; app: NonNullable<DeviceState["app"]> } | null {
  if (d.app === null) return null;
  const installed = d.installed[d.app.package];
  return installed ? { apk: installed.apk, app: d.app } : null;
}

/** The app dies: its process is gone, the launcher shows, logcat says why. */
export function crashApp(d: DeviceState): void {
  if (d.app === null) return;
  const pid = d.app.pid;
  logLine(d, pid, "AndroidRuntime", "FATAL EXCEPTION: main", "E");
  logLine(d, pid, "AndroidRuntime", `Process: ${d.app.package}, PID: ${pid}`, "E");
  logLine(d, pid, "AndroidRuntime", "java.lang.IllegalStateException: injected crash", "E");
  d.app = null;
}

/** Applies an input event to the app in front (and records it). */
export function input(
  d: DeviceState,
  event: string,
  apply: (f: ReturnType<typeof foreground> & object) => Effect,
): void {
  d.inputs.push(event);
  const f = foreground(d);
  if (f === null) return;
  logLine(d, f.app.pid, "FakeApp", event, "D");
  if (apply(f) === "crash" && d.faults.appCrashes > 0) {
    d.faults.appCrashes--;
    crashApp(d);
  }
}

/** Runs one command (its words) on the device. */
export function runCommand(d: DeviceState, words: string[]): ShellResult {
  const [cmd, ...args] = words;
  switch (cmd) {
    case "getprop":
      return getprop(d, args[0]);
    case "wm":
      if (args[0] === "size") return ok(`Physical size: ${d.screen[0]}x${d.screen[1]}\n`);
      break;
    case "input":
      return inputCommand(d, args);
    case "pm":
      return pm(d, args);
    case "am":
      return am(d, args);
    case "cmd":
      // Android 12 and older have no locale service (per-app locales came with Android 13).
      if (args[0] === "locale" && d.sdk < 33) {
        return { code: 20, out: "cmd: Can't find service: locale\n" };
      }
      if (args[0] === "locale" && args[1] === "set-app-locales") {
        const pkg = args[2];
        if (!d.installed[pkg]) {
          return { code: 255, out: `Exception occurred: Unknown package: ${pkg}\n` };
        }
        if (d.faults.localeRefusals > 0) {
          d.faults.localeRefusals--;
          return {
            code: 255,
            out: "Exception occurred while executing 'set-app-locales':\n" +
              "java.lang.SecurityException: Caller does not have permission to set app locales\n",
          };
        }
        d.inputs.push(`locale ${pkg} ${valueAfter(args, "--locales")}`);
        return ok();
      }
      if (args[0] === "package" && args[1] === "resolve-activity") {
        const pkg = args.at(-1)!;
        const apk = d.installed[pkg]?.apk;
        if (!apk?.activity) return ok("No activity found\n");
        return ok(
          "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n" +
            `${pkg}/${apk.activity}\n`,
        );
      }
      break;
    case "pidof": {
      const pkg = args[0];
      if (d.app?.package === pkg) return ok(`${d.app.pid}\n`);
      const proc = d.processes.find((p) => p.kind === pkg);
      return proc ? ok(`${proc.pid}\n`) : { code: 1, out: "" };
    }
    case "dumpsys":
      if (args[0] === "package") return dumpsysPackage(d, args[1]);
      break;
    case "rm": {
      for (const path of args.filter((a) => !a.startsWith("-"))) delete d.files[path];
      return ok();
    }
    case "exit":
      return ok();
    case "date":
      return ok(`${logStamp(new Date()).slice(0, 14)}.000\n`);
  }
  return { code: 127, out: `/system/bin/sh: ${cmd}: inaccessible or not found\n` };
}

/** API level → the Android release it is. */
const RELEASES: Record<number, string> = {
  29: "10",
  30: "11",
  31: "12",
  32: "12",
  33: "13",
  34: "14",
  35: "15",
};

function getprop(d: DeviceState, name: string | undefined): ShellResult {
  switch (name) {
    case "sys.boot_completed":
      if (d.faults.bootPolls > 0) {
        d.faults.bootPolls--;
        return ok("\n");
      }
      return ok("1\n");
    case "ro.build.version.release":
      return ok(`${RELEASES[d.sdk] ?? "14"}\n`);
    case "ro.build.version.sdk":
      return ok(`${d.sdk}\n`);
    case "persist.sys.locale":
      return ok(`${d.systemLocale}\n`);
    case "ro.product.model":
      return ok("sdk_gphone64_x86_64\n");
    default:
      return ok("\n");
  }
}

function inputCommand(d: DeviceState, args: string[]): ShellResult {
  const n = (s: string | undefined) => Number(s);
  switch (args[0]) {
    case "tap": {
      const p: [number, number] = [n(args[1]), n(args[2])];
      input(d, `tap ${p[0]} ${p[1]}`, (f) => tapAt(f.apk, f.app, p));
      return ok();
    }
    case "swipe": {
      const from: [number, number] = [n(args[1]), n(args[2])];
      const to: [number, number] = [n(args[3]), n(args[4])];
      const ms = args[5] === undefined ? 300 : n(args[5]);
      input(
        d,
        `swipe ${from.join(" ")} ${to.join(" ")} ${ms}`,
        (f) =>
          from[0] === to[0] && from[1] === to[1]
            ? pressAt(f.apk, f.app, from, ms)
            : dragFrom(f.apk, f.app, from, to),
      );
      return ok();
    }
    case "text": {
      const text = (args[1] ?? "").replaceAll("%s", " ");
      input(d, `text ${text}`, (f) => {
        typeInto(f.app, text);
        return "none";
      });
      return ok();
    }
    case "keyevent":
      for (const code of args.slice(1)) {
        input(d, `keyevent ${code}`, (f) => {
          if (code === "67" || code === "KEYCODE_DEL") deleteBack(f.app);
          return "none";
        });
      }
      return ok();
    case "keycombination":
      input(d, `keycombination ${args.slice(1).join(" ")}`, () => "none");
      return ok();
  }
  return { code: 1, out: `Error: Unknown command: ${args[0]}\n` };
}

function pm(d: DeviceState, args: string[]): ShellResult {
  const [sub, ...rest] = args;
  switch (sub) {
    case "path": {
      const pkg = rest[0];
      return d.installed[pkg]
        ? ok(`package:/data/app/~~fake==/${pkg}-1/base.apk\n`)
        : { code: 1, out: "" };
    }
    case "clear": {
      const pkg = rest[0];
      if (!d.installed[pkg]) return { code: 1, out: "Failed\n" };
      if (d.app?.package === pkg) d.app = null;
      return ok("Success\n");
    }
    case "grant":
    case "revoke": {
      const [pkg, perm] = rest;
      const app = d.installed[pkg];
      if (!app) {
        return {
          code: 255,
          out: `Exception occurred while executing '${sub}':\n` +
            `java.lang.IllegalArgumentException: Unknown package: ${pkg}\n`,
        };
      }
      app.grants = sub === "grant"
        ? [...new Set([...app.grants, perm])]
        : app.grants.filter((g) => g !== perm);
      return ok();
    }
    case "list":
      if (rest[0] === "packages") {
        const filter = rest.find((r) => !r.startsWith("-")) ?? "";
        const pkgs = Object.keys(d.installed).filter((p) => p.includes(filter));
        return ok(pkgs.map((p) => `package:${p}\n`).join(""));
      }
      if (rest[0] === "instrumentation") {
        const lines = Object.values(d.installed)
          .filter((a) => a.apk.instrumentation)
          .map((a) =>
            `instrumentation:${a.apk.instrumentation} (target=io.appium.uiautomator2.server)\n`
          );
        return ok(lines.join(""));
      }
      break;
  }
  return { code: 1, out: `Error: unknown command '${sub}'\n` };
}

function am(d: DeviceState, args: string[]): ShellResult {
  const [sub, ...rest] = args;
  if (sub === "force-stop") {
    if (d.app?.package === rest[0]) d.app = null;
    return ok();
  }
  if (sub !== "start") return { code: 1, out: `Error: unknown command '${sub}'\n` };
  const component = valueAfter(rest, "-n");
  const url = valueAfter(rest, "-d");
  const extras: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--es") extras[rest[i + 1]] = rest[i + 2];
  }
  let pkg: string;
  let activity: string;
  if (component) {
    [pkg, activity] = component.split("/");
    const apk = d.installed[pkg]?.apk;
    if (!apk || !apk.activity || !sameActivity(pkg, apk.activity, activity)) {
      return ok(
        `Starting: Intent { cmp=${component} }\n` +
          `Error type 3\nError: Activity class {${pkg}/${expand(pkg, activity)}} does not exist.\n`,
      );
    }
  } else {
    pkg = rest.filter((r) => !r.startsWith("-")).at(-1) ?? "";
    const apk = d.installed[pkg]?.apk;
    if (!apk?.activity) {
      return ok(
        `Starting: Intent { act=android.intent.action.VIEW dat=${url} pkg=${pkg} }\n` +
          "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW " +
          `dat=${url} flg=0x10000000 pkg=${pkg} }\n`,
      );
    }
    activity = apk.activity;
  }
  const apk = d.installed[pkg].apk;
  let state = "WARM";
  if (d.app?.package !== pkg) {
    d.app = launchApp(apk, d.nextPid++);
    state = "COLD";
    logLine(d, d.app.pid, "ActivityManager", `Start proc ${d.app.pid}:${pkg}/u0a190`);
  }
  Object.assign(d.app.extras, extras);
  if (url) d.app.url = url;
  return ok(
    `Starting: Intent { cmp=${pkg}/${activity} }\nStatus: ok\nLaunchState: ${state}\n` +
      `Activity: ${pkg}/${activity}\nTotalTime: 212\nWaitTime: 215\nComplete\n`,
  );
}

function sameActivity(pkg: string, declared: string, asked: string): boolean {
  return expand(pkg, declared) === expand(pkg, asked);
}

function expand(pkg: string, activity: string): string {
  return activity.startsWith(".") ? pkg + activity : activity;
}

function valueAfter(args: string[], flag: string): string | null {
  const i = args.indexOf(flag);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : null;
}

function dumpsysPackage(d: DeviceState, pkg: string | undefined): ShellResult {
  const app = pkg ? d.installed[pkg] : undefined;
  if (!pkg || !app) return ok(`Unable to find package: ${pkg}\n`);
  return ok(
    `Packages:\n  Package [${pkg}] (5f3c2a1):\n    userId=10190\n    pkg=Package{7d1e0b2 ${pkg}}\n` +
      `    versionCode=274 minSdk=21 targetSdk=34\n    versionName=${app.apk.versionName}\n` +
      `    flags=[ DEBUGGABLE HAS_CODE ALLOW_CLEAR_USER_DATA ]\n`,
  );
}
