/**
 * `bajutsu doctor`'s iOS checks (docs/cli.md#doctor): Xcode and its version, simctl, the iOS
 * runtimes and device types, the target's simulator, WebDriverAgent's sources and build in the
 * cache, and a free loopback port. Each problem comes with the command that fixes it.
 *
 * @module
 */
import { join } from "node:path";
import type { DoctorCheck, DoctorContext } from "../backend.ts";
import { type CommandRunner, runBounded } from "../../process/bounded_command.ts";
import { onPath } from "../../process/which.ts";
import { cacheDir } from "./cache_dir.ts";
import { buildLocation, xcodeArch, xcodeVersionKey } from "./wda_build.ts";
import { WDA_PACKAGE, wdaProject, wdaSourceDir } from "./wda_package.ts";
import { Simctl } from "./simctl.ts";
import type { SimDevice, SimRuntime } from "./simctl_json.ts";
import { pathExists } from "../../fs/probe.ts";

/** Oldest Xcode the pinned WebDriverAgent builds with. */
export const MIN_XCODE_MAJOR = 15;

const XCODE_FIX = "install Xcode from the App Store, then: " +
  "sudo xcode-select -s /Applications/Xcode.app/Contents/Developer";

function versionOf(r: SimRuntime): number[] {
  return r.version.split(".").map(Number);
}

function newest(runtimes: SimRuntime[]): SimRuntime | null {
  const ios = runtimes.filter((r) => r.isAvailable && r.platform === "iOS");
  ios.sort((a, b) => {
    const [x, y] = [versionOf(a), versionOf(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
    }
    return 0;
  });
  return ios[0] ?? null;
}

/**
 * The iOS checks. Without Xcode on PATH and no iOS target named, one `skip`.
 *
 * @example
 * ```ts
 * for (const c of await iosDoctorChecks({ eff, env, required: true })) console.log(c.status, c.name);
 * ```
 */
export async function iosDoctorChecks(
  ctx: DoctorContext,
  run: CommandRunner = runBounded,
): Promise<DoctorCheck[]> {
  const pathEnv = ctx.env("PATH");
  const xcrun = onPath("xcrun", pathEnv);
  const xcodebuild = onPath("xcodebuild", pathEnv);
  const tools = [["xcrun", xcrun], ["xcodebuild", xcodebuild]].filter(([, p]) => p === null)
    .map(([t]) => t);
  if (xcrun === null || xcodebuild === null) {
    return [{
      name: "Xcode",
      status: ctx.required ? "fail" : "skip",
      detail: `${tools.join(" and ")} not on PATH${ctx.required ? "" : " (no iOS target named)"}`,
      fix: ctx.required ? XCODE_FIX : undefined,
    }];
  }
  const out: DoctorCheck[] = [];
  const version = await run(xcodebuild, ["-version"], { timeoutS: 60 });
  if (version.code !== 0) {
    const clt = /command line tools instance/.test(version.stderr);
    out.push({
      name: "Xcode",
      status: "fail",
      detail: version.stderr.trim().split("\n")[0] || `xcodebuild -version exit ${version.code}`,
      fix: clt ? "sudo xcode-select -s /Applications/Xcode.app/Contents/Developer" : XCODE_FIX,
    });
    return out;
  }
  const key = xcodeVersionKey(version.stdout);
  const major = Number(/Xcode\s+(\d+)/.exec(version.stdout)?.[1] ?? 0);
  out.push(
    major >= MIN_XCODE_MAJOR
      ? { name: "Xcode", status: "ok", detail: `Xcode ${key.replace("-", " (")})` }
      : {
        name: "Xcode",
        status: "fail",
        detail:
          `Xcode ${key} is older than ${MIN_XCODE_MAJOR}, which ${WDA_PACKAGE.name}@${WDA_PACKAGE.version} needs`,
        fix: XCODE_FIX,
      },
  );
  const simctl = new Simctl({ run, xcrun });
  let runtimes: SimRuntime[];
  let devices: SimDevice[];
  let typeNames: string[];
  try {
    [runtimes, devices, typeNames] = await Promise.all([
      simctl.listRuntimes(),
      simctl.listDevices(),
      simctl.listDeviceTypes().then((ts) => ts.map((t) => t.name)),
    ]);
    out.push({ name: "simctl", status: "ok", detail: "xcrun simctl answers" });
  } catch (err) {
    out.push({
      name: "simctl",
      status: "fail",
      detail: err instanceof Error ? err.message : String(err),
      fix: "sudo xcodebuild -runFirstLaunch",
    });
    return out;
  }
  const runtime = newest(runtimes);
  out.push(
    runtime
      ? {
        name: "iOS runtimes",
        status: "ok",
        detail: runtimes.filter((r) => r.isAvailable && r.platform === "iOS").map((r) => r.name)
          .join(", "),
      }
      : {
        name: "iOS runtimes",
        status: "fail",
        detail: "no iOS simulator runtime is installed",
        fix: "xcodebuild -downloadPlatform iOS",
      },
  );
  const model = ctx.eff?.device ?? null;
  if (model !== null) {
    out.push(
      typeNames.includes(model)
        ? { name: "device type", status: "ok", detail: `"${model}" is a device type of this Xcode` }
        : {
          name: "device type",
          status: "fail",
          detail: `"${model}" (targets.${ctx.eff!.target}.device) is not a device type of this ` +
            `Xcode; it has: ${typeNames.filter((n) => n.startsWith("iPhone")).join(", ")}`,
          fix: `set targets.${
            ctx.eff!.target
          }.device to one of them (xcrun simctl list devicetypes)`,
        },
    );
    const sims = devices.filter((d) => d.isAvailable && d.name === model);
    const booted = devices.filter((d) => d.isAvailable && d.state === "Booted");
    out.push(
      sims.length > 0 || booted.length > 0
        ? {
          name: "simulator",
          status: "ok",
          detail: booted.length > 0
            ? `booted: ${booted.map((d) => `${d.name} (${d.udid})`).join(", ")}`
            : `"${model}" exists (${sims[0].udid}); a run boots it`,
        }
        : {
          name: "simulator",
          status: "fail",
          detail: `no simulator named "${model}" and none booted`,
          fix: `xcrun simctl create "${model}" "${model}"${
            runtime ? ` ${runtime.identifier}` : ""
          }`,
        },
    );
  }
  const cache = cacheDir(ctx.env);
  const sources = wdaSourceDir(cache);
  out.push(
    await pathExists(join(wdaProject(sources), "project.pbxproj"))
      ? { name: "WebDriverAgent sources", status: "ok", detail: sources }
      : {
        name: "WebDriverAgent sources",
        status: "warn",
        detail: `${WDA_PACKAGE.name}@${WDA_PACKAGE.version} is not in ${cache} yet: the first ` +
          "run downloads it from the npm registry",
        fix:
          `offline: npm pack ${WDA_PACKAGE.name}@${WDA_PACKAGE.version} and set BAJUTSU_WDA_TARBALL`,
      },
  );
  if (runtime) {
    const at = buildLocation({
      cacheDir: cache,
      runtime: runtime.identifier,
      xcodeVersion: key,
      arch: xcodeArch(),
    });
    out.push(
      await pathExists(at.stamp)
        ? { name: "WebDriverAgent build", status: "ok", detail: `${at.key}: ${at.derivedDataPath}` }
        : {
          name: "WebDriverAgent build",
          status: "warn",
          detail: `not built for ${at.key} yet: the first run builds it (a few minutes, once)`,
        },
    );
  }
  out.push(freePortCheck());
  return out;
}

/** WebDriverAgent listens on a free loopback port per simulator: one must be available. */
function freePortCheck(): DoctorCheck {
  try {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (l.addr as Deno.NetAddr).port;
    l.close();
    return { name: "free ports", status: "ok", detail: `loopback port ${port} was free` };
  } catch (err) {
    return {
      name: "free ports",
      status: "fail",
      detail: `no loopback port can be opened: ${err instanceof Error ? err.message : err}`,
      fix: "free some ports (lsof -nP -iTCP -sTCP:LISTEN) or check the firewall",
    };
  }
}
