/**
 * Runs a fake W3C server as its own process, the way a fake `xcodebuild` (WebDriverAgent) or a
 * fake `adb` (the UiAutomator2 server's instrumentation) starts one: it prints one line naming its
 * URL, serves until SIGTERM/SIGINT (exit 0), and exits with `dieExitCode` when a `die` fault
 * kills it, as the real runner's process does.
 *
 * Command line (each overrides the options given in code):
 * `--port N`, `--flavor wda|uiautomator2|appium`, `--faults '<FaultSpec[] as JSON>'`,
 * `--record <file>` (requests as JSON lines), `--latency-ms N`.
 *
 * A fake of one server imports this and adds its routes:
 * ```ts
 * import { runFakeServerScript } from "../../support/fake_w3c/script.ts";
 * if (import.meta.main) {
 *   Deno.exit(await runFakeServerScript({
 *     flavor: "wda",
 *     port: Number(Deno.env.get("USE_PORT") ?? 0),
 *     routes: { "GET /session/:sid/source": () => ok(tree) },
 *     announce: (url) => `ServerURLHere->${url}<-ServerURLHere`,
 *     args: Deno.args,
 *   }));
 * }
 * ```
 * Run bare (`deno run -A tests/support/fake_w3c/script.ts --flavor wda`) it is a plain fake.
 *
 * @module
 */
import type { FaultSpec } from "./faults.ts";
import type { Flavor } from "./replies.ts";
import { type FakeServerOptions, FakeW3CServer } from "./server.ts";

export interface ScriptOptions extends FakeServerOptions {
  /** The process's arguments, parsed as above. */
  args?: string[];
  /** The line printed once listening (default `FAKE_W3C_LISTENING <url>`). */
  announce?: (url: string) => string;
  /** Exit code after a `die` fault (default 1). */
  dieExitCode?: number;
}

/** The line a script prints when it listens, unless `announce` says otherwise. */
export const LISTENING_PREFIX = "FAKE_W3C_LISTENING ";

/**
 * Starts the server and resolves with the exit code once it is stopped by a signal or a `die`
 * fault. The caller exits with it.
 *
 * @example
 * ```ts
 * Deno.exit(await runFakeServerScript({ flavor: "uiautomator2", args: Deno.args }));
 * ```
 */
export async function runFakeServerScript(options: ScriptOptions = {}): Promise<number> {
  const settings = { ...options, ...parseArgs(options.args ?? []) };
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => finish = resolve);
  const server = new FakeW3CServer({
    ...settings,
    onDie: () => {
      settings.onDie?.();
      finish(settings.dieExitCode ?? 1);
    },
  });
  const stop = () => server.close().then(() => finish(0));
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  const line = settings.announce?.(server.url) ?? `${LISTENING_PREFIX}${server.url}`;
  await Deno.stdout.write(new TextEncoder().encode(line + "\n"));
  const code = await finished;
  Deno.removeSignalListener("SIGTERM", stop);
  Deno.removeSignalListener("SIGINT", stop);
  return code;
}

function parseArgs(args: string[]): Partial<ScriptOptions> {
  const out: Partial<ScriptOptions> = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case "--port":
        out.port = Number(value);
        break;
      case "--flavor":
        out.flavor = value as Flavor;
        break;
      case "--faults":
        out.faults = JSON.parse(value) as FaultSpec[];
        break;
      case "--record":
        out.recordTo = value;
        break;
      case "--latency-ms":
        out.latencyMs = Number(value);
        break;
      default:
        throw new Error(`unknown argument ${flag}`);
    }
    i++;
  }
  return out;
}

if (import.meta.main) Deno.exit(await runFakeServerScript({ args: Deno.args }));
