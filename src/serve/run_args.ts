/**
 * The `bajutsu run` command line of a job, and the command that starts `bajutsu` itself: the
 * running binary when serve is a compiled `bajutsu` (`deno compile`), else `deno run -A main.ts`
 * of this checkout.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunSpec } from "./run_request.ts";
import { RUN_OPTIONS } from "../runner/run_options.ts";
import { isFileSync } from "../fs/probe.ts";

/** What the current process is. */
export interface RuntimeFacts {
  /** `Deno.build.standalone` (undefined on a Deno that predates it). */
  standalone: boolean | undefined;
  execPath: string;
  /** `Deno.mainModule`. */
  mainModule: string;
}

/** The facts of this process. */
export function currentRuntime(): RuntimeFacts {
  const build = Deno.build as { standalone?: boolean };
  return { standalone: build.standalone, execPath: Deno.execPath(), mainModule: Deno.mainModule };
}

/**
 * True when this process is a `deno compile`d binary. `Deno.build.standalone` says so directly;
 * a Deno without it is recognised by where compiled binaries mount their sources
 * (`…/deno-compile-<name>/…`).
 */
export function isCompiledBinary(facts: RuntimeFacts): boolean {
  if (typeof facts.standalone === "boolean") return facts.standalone;
  return /[\\/]deno-compile-[^\\/]+[\\/]/.test(decodeURIComponent(facts.mainModule));
}

/** main.ts of the checkout this module belongs to (used only when not compiled). */
export const CHECKOUT_MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));

/**
 * The argv prefix that runs `bajutsu` (append `run …`): the compiled binary itself, or
 * `deno run -A [--config <checkout>/deno.json] <checkout>/main.ts`.
 */
export function bajutsuCommand(
  facts: RuntimeFacts,
  main: string = CHECKOUT_MAIN,
  hasDenoJson: (path: string) => boolean = isFileSync,
): string[] {
  if (isCompiledBinary(facts)) return [facts.execPath];
  const denoJson = join(dirname(main), "deno.json");
  const config = hasDenoJson(denoJson) ? ["--config", denoJson] : [];
  return [facts.execPath, "run", "-A", ...config, main];
}

/** Where a job's run goes and what serve adds to every run. */
export interface RunContext {
  /** Absolute config path. */
  configPath: string;
  /** Absolute runs folder. */
  runsDir: string;
  /** serve's `--base-url`, applied to web targets. */
  baseUrl?: string;
  /** The target's platform (the base URL applies to web targets only). */
  platform: string;
}

/**
 * `run …` arguments for `spec` with its scenario files resolved to absolute paths: serve's own
 * options first, then the request's in declaration order (src/runner/run_options.ts).
 */
export function runArguments(
  spec: RunSpec,
  scenarioFiles: readonly string[],
  ctx: RunContext,
): string[] {
  const args = ["run", "--config", ctx.configPath, "--target", spec.target];
  for (const f of scenarioFiles) args.push("--scenario", f);
  args.push("--runs-dir", ctx.runsDir, "--progress");
  for (const option of RUN_OPTIONS) {
    const value = spec.options[option.name];
    if (option.serve !== "field" || value === undefined) continue;
    if (option.kind === "boolean") {
      // `false` is the `--no-…` twin; an option without one is off unless given.
      if (value) args.push(option.flag);
      else if (option.negation !== undefined) args.push(`--no-${option.flag.slice(2)}`);
    } else if (Array.isArray(value)) {
      if (value.length > 0) args.push(option.flag, value.join(","));
    } else {
      args.push(option.flag, String(value));
    }
  }
  if (ctx.baseUrl && ctx.platform === "web") args.push("--base-url", ctx.baseUrl);
  return args;
}
