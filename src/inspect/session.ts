/**
 * The inspector session behind `bajutsu inspect` (docs/cli.md#inspect): launches the target
 * through the backend registry and the Driver seam — any backend — and prints its current
 * element tree with a suggested selector per element; with `watch` it prints it again after each
 * change until cancelled. The target's `launchServer` runs meanwhile.
 *
 * @module
 */
import type { Driver } from "../drivers/driver.ts";
import type { Element } from "../model/element.ts";
import type { Effective } from "../config/effective.ts";
import type { Environment, EnvironmentFactory, StartRequest } from "../drivers/environment.ts";
import { defaultPreconditions } from "../scenario/validate/preconditions.ts";
import type { Scenario } from "../model/scenario.ts";
import { treesEqual } from "../selectors/mod.ts";
import { type Backend, backendFor } from "../runner/backends.ts";
import { startTargetServer } from "../runner/target_server.ts";
import { EXIT_OK, EXIT_USAGE } from "../runner/exit_codes.ts";
import type { CancelSignal } from "../time/cancel.ts";
import { type Clock, realClock } from "../time/clock.ts";
import { inspectTable, inspectTree } from "./format.ts";
import type { LineOutput } from "../text/printable.ts";
import { printableIo } from "../text/printable.ts";
import { loadTarget } from "../config/load_target.ts";

/** Seconds between reads of `--watch`. */
export const WATCH_POLL_S = 0.25;

/** The `inspect` flags. */
export interface InspectOptions {
  config: string;
  target?: string;
  backend?: string[];
  /** Opened after launch: a web path or URL on the target's origin, else a deeplink. */
  url?: string;
  watch?: boolean;
  json?: boolean;
}

/** What the command needs from the world; tests inject a cancel signal and a clock. */
export interface InspectDeps {
  cancel?: CancelSignal;
  clock?: Clock;
}

/** A synthetic scenario for the launch: only its preconditions matter. */
function launchScenario(url: string | undefined): Scenario {
  const preconditions = defaultPreconditions();
  if (url !== undefined) preconditions.deeplink = url;
  return {
    name: "inspect",
    tags: [],
    preconditions,
    before: [],
    after: [],
    steps: [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
  };
}

/** Runs `inspect` and returns the exit code. */
export async function inspect(
  opts: InspectOptions,
  rawIo: LineOutput,
  deps: InspectDeps = {},
): Promise<number> {
  const io = printableIo(rawIo);
  const eff = await loadTarget(opts.config, opts.target, io);
  if (eff === null) return EXIT_USAGE;
  const server = await startTargetServer(eff, io);
  if (server === false) return EXIT_USAGE;
  await using _server = server;
  let backend: Backend;
  try {
    backend = await backendFor(eff, { backend: opts.backend, workers: 1 });
  } catch (err) {
    // A usage error may list load errors, one per line; each line is printed on its own.
    for (const line of message(err).split("\n")) io.stderr(line);
    return EXIT_USAGE;
  }
  const factory: EnvironmentFactory = await backend.factory(null);
  let env: Environment | null = null;
  try {
    env = await factory.create(backend.lanes[0], backend.actuator);
    const scenario = launchScenario(opts.url);
    const req: StartRequest = {
      scenario,
      preconditions: scenario.preconditions,
      erase: false,
      warm: false,
      extraEnv: {},
      replaceDevice: false,
    };
    let driver: Driver;
    try {
      driver = await env.start(req);
    } catch (err) {
      io.stderr(`inspect: ${eff.target} did not start: ${message(err)}`);
      return EXIT_USAGE;
    }
    await show(driver, eff, backend, opts, io, deps);
    return EXIT_OK;
  } finally {
    await env?.teardown().catch(() => {});
    await factory.close?.();
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Prints the tree; with `watch`, again after each change until cancelled. */
async function show(
  driver: Driver,
  eff: Effective,
  backend: Backend,
  opts: InspectOptions,
  io: LineOutput,
  deps: InspectDeps,
): Promise<void> {
  const clock = deps.clock ?? realClock;
  const cancel = deps.cancel ?? { cancelled: false };
  const print = (tree: Element[], change: number) => {
    const rows = inspectTree(tree);
    if (opts.json) {
      io.stdout(
        JSON.stringify({ target: eff.target, backend: backend.actuator, change, elements: rows }),
      );
      return;
    }
    io.stdout(
      `${eff.target} (${backend.actuator}) — ${tree.length} element(s)` +
        (change > 0 ? `, change ${change}` : ""),
    );
    for (const line of inspectTable(rows)) io.stdout(line);
  };
  let tree = await driver.query();
  print(tree, 0);
  if (!opts.watch) return;
  for (let change = 1; !cancel.cancelled;) {
    await clock.sleep(WATCH_POLL_S);
    if (cancel.cancelled) break;
    const next = await driver.query();
    if (treesEqual(tree, next)) continue;
    tree = next;
    print(tree, change++);
  }
}
