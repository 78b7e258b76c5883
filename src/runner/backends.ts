/**
 * Backend selection (drivers.md §5): platform tokens expand to actuators (`ios→xcuitest`,
 * `android→adb`, `web→playwright`, `fake→fake`); the first available one drives the run. Each
 * backend brings its environment factory and its lanes (devices or browser contexts).
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import type { EnvironmentFactory } from "./environment.ts";
import { createFakeFactory, FAKE_CAPABILITIES } from "../drivers/fake/environment.ts";
import type { Engine } from "../drivers/web/browsers.ts";
import { LoadFailed } from "../scenario/errors.ts";

/** A usage, config or environment problem: the CLI prints it and exits 2. */
export class UsageError extends Error {
  readonly code = "E_USAGE";
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface Backend {
  actuator: string;
  /** Devices or browser lanes the pool leases from. */
  lanes: string[];
  /** The operator named the devices (no replacement rung). */
  pinned: boolean;
  /** Engines of a matrix run; one entry (or none) for a plain run. */
  engines: string[];
  capabilities: Set<string>;
  /** The environment factory of one engine pass (null = the target's own engine). */
  factory(engine: string | null): Promise<EnvironmentFactory>;
}

const PLATFORM_ACTUATOR: Record<string, string> = {
  ios: "xcuitest",
  android: "adb",
  web: "playwright",
  fake: "fake",
};
const KNOWN_ACTUATORS = new Set(["xcuitest", "adb", "playwright", "fake", "webdriver"]);
export const ENGINES = ["chromium", "firefox", "webkit"];

export interface BackendRequest {
  backend?: string[];
  workers: number;
  browsers?: string[];
  headed?: boolean;
}

/** Expands platform tokens, keeps order, drops unknown tokens. */
export function expandTokens(tokens: string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const a = PLATFORM_ACTUATOR[t] ?? t;
    if (KNOWN_ACTUATORS.has(a) && !out.includes(a)) out.push(a);
  }
  return out;
}

/** Picks the actuator for the target and builds its backend. */
export async function backendFor(
  eff: Effective,
  req: BackendRequest,
  _io?: unknown,
): Promise<Backend> {
  const requested = req.backend && req.backend.length > 0
    ? req.backend
    : [PLATFORM_ACTUATOR[eff.platform] ?? eff.platform];
  const actuators = expandTokens(requested);
  const workers = Math.max(1, req.workers);
  const lanes = (prefix: string) => Array.from({ length: workers }, (_, i) => `${prefix}-${i}`);
  for (const actuator of actuators) {
    if (actuator === "fake" && eff.app.platform === "fake") {
      // Loaded here, before the run folder exists: a missing or broken app file is a usage
      // error with its load errors, not a crash in the middle of the run.
      const factory = await fakeFactoryOrUsageError(eff.app.app);
      return {
        actuator,
        lanes: lanes("fake"),
        pinned: false,
        engines: [],
        capabilities: new Set(FAKE_CAPABILITIES),
        factory: () => Promise.resolve(factory),
      };
    }
    if (actuator === "playwright" && eff.app.platform === "web") {
      return await webBackend(eff, req, lanes("web"));
    }
  }
  const notYet = actuators.filter((a) => a === "xcuitest" || a === "adb" || a === "webdriver");
  if (notYet.length > 0) {
    throw new UsageError(
      `backend ${notYet.join(", ")} is recognized but not implemented yet (requested [${
        requested.join(", ")
      }])`,
    );
  }
  throw new UsageError(
    `no available actuator among [${
      actuators.join(", ")
    }] for platform ${eff.platform} (requested [${requested.join(", ")}])`,
  );
}

async function fakeFactoryOrUsageError(appFile: string): Promise<EnvironmentFactory> {
  try {
    return await createFakeFactory(appFile);
  } catch (err) {
    if (err instanceof LoadFailed) {
      throw new UsageError(`the target's fake app file does not load:\n${err.message}`);
    }
    throw err;
  }
}

async function webBackend(eff: Effective, req: BackendRequest, lanes: string[]): Promise<Backend> {
  if (eff.app.platform !== "web") throw new UsageError("not a web target");
  const engines = req.browsers && req.browsers.length > 0 ? req.browsers : [eff.app.browser];
  const unknown = engines.filter((e) => !ENGINES.includes(e));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown browser engine(s): ${unknown.join(", ")} (known: ${ENGINES.join(", ")})`,
    );
  }
  // Loaded on demand: fake-only runs never pay for playwright-core.
  const web = await import("../drivers/web/environment.ts");
  const { WEB_CAPABILITIES } = await import("../drivers/web/web_driver.ts");
  const { findBrowser } = await import("../drivers/web/browsers.ts");
  if (!eff.app.wsEndpoint) {
    for (const e of engines as Engine[]) {
      try {
        findBrowser(e, undefined, web.runsHeadless(eff.app, req.headed));
      } catch (err) {
        throw new UsageError(err instanceof Error ? err.message : String(err));
      }
    }
  }
  return {
    actuator: "playwright",
    lanes,
    pinned: false,
    engines: engines.length > 1 ? engines : [],
    capabilities: new Set(WEB_CAPABILITIES),
    factory: (engine) =>
      web.createWebFactory(eff, { engine: (engine ?? engines[0]) as Engine, headed: req.headed }),
  };
}
