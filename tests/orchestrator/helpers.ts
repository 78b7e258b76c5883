/**
 * Builders shared by the orchestrator tests: scenarios with defaults, common fake apps, and a
 * driver wrapper that logs every Driver call into a shared timeline.
 *
 * @module
 */
import {
  createFakeDriver,
  fakeApp,
  type FakeDriver,
  fakeElement,
  fakeScreen,
  singleScreenApp,
} from "../../src/drivers/fake/mod.ts";
import type {
  FakeAppSpec,
  FakeEffect,
  FakeElementSpec,
  FakeReactionSpec,
  FakeTimerSpec,
} from "../../src/drivers/fake/mod.ts";
import type { Driver, Frame } from "../../src/drivers/driver.ts";
import type { Scenario, Step } from "../../src/scenario/types.ts";
import { FakeClock } from "../../src/time/clock.ts";

/** A scenario with the loader's defaults for everything not given. */
export function scenario(fields: Partial<Scenario> & { steps?: Step[] } = {}): Scenario {
  return {
    name: "test",
    tags: [],
    preconditions: { reinstall: "clean", launchArgs: [], launchEnv: {} },
    before: [],
    after: [],
    steps: [],
    expect: [],
    capturePolicy: [],
    interrupts: [],
    mocks: [],
    permissions: {},
    ...fields,
  };
}

/** An element with an id and a frame (and optional other fields). */
export function el(
  identifier: string | null,
  frame: Frame = [0, 0, 100, 40],
  extra: Partial<Omit<FakeElementSpec, "kind" | "identifier" | "frame">> = {},
): FakeElementSpec {
  return fakeElement({ identifier, frame, traits: ["button"], ...extra });
}

/** A FakeClock and a FakeDriver over `app` (default: one screen with a `home` and an `ok`). */
export function fake(app?: FakeAppSpec): { clock: FakeClock; driver: FakeDriver } {
  const clock = new FakeClock();
  const spec = app ?? singleScreenApp([el("home", [0, 0, 390, 100]), el("ok", [0, 200, 100, 40])]);
  return { clock, driver: createFakeDriver(spec, { clock }) };
}

/** `tap: {id}`. */
export function tapStep(id: string, extra: Partial<Step> = {}): Step {
  return { action: "tap", body: { id }, ...extra } as Step;
}

/** `wait: {for: {id}, timeout}`. */
export function waitForStep(id: string, timeout: number, extra: Partial<Step> = {}): Step {
  return { action: "wait", body: { for: { id }, timeout }, ...extra } as Step;
}

/** `assert: [exists {id}]`. */
export function assertExists(id: string, negate = false): Step {
  return { action: "assert", body: [{ kind: "exists", sel: { id }, negate }] };
}

/**
 * Wraps a driver so every method call is appended to `log` as `driver.<method>` before it runs.
 * Methods run on the real object, so private state keeps working.
 */
export function loggingDriver<D extends Driver>(driver: D, log: string[]): D {
  return new Proxy(driver, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        log.push(`driver.${String(prop)}`);
        return v.apply(target, args);
      };
    },
  });
}

/** Wraps a driver, replacing some methods (to inject backend errors). */
export function overrideDriver<D extends Driver>(driver: D, overrides: Partial<Driver>): D {
  return new Proxy(driver, {
    get(target, prop) {
      if (Object.hasOwn(overrides, prop)) {
        return (overrides as Record<string | symbol, unknown>)[prop];
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/** A launch timer on screen `main` applying `effects` at `ms` of virtual time. */
export function at(ms: number, ...effects: FakeEffect[]): FakeTimerSpec {
  return { at: { from: "launch", ms }, screen: "main", then: effects };
}

/** A `reveal` effect on `{id}` (the element must be declared hidden). */
export function reveal(id: string): FakeEffect {
  return { kind: "reveal", target: { id }, afterMs: 0 };
}

/** A `hide` effect on `{id}`. */
export function hide(id: string): FakeEffect {
  return { kind: "hide", target: { id }, afterMs: 0 };
}

/** A `goto` effect, `afterMs` after its trigger. */
export function goto(screen: string, afterMs = 0): FakeEffect {
  return { kind: "goto", screen, afterMs };
}

/** "When `{id}` is tapped, do `effects`". */
export function onTap(id: string, ...effects: FakeEffect[]): FakeReactionSpec {
  return {
    on: { kind: "tap", target: { id } },
    screen: null,
    when: [],
    unless: [],
    then: effects,
  };
}

/** Two screens: `main` (home, ok → goes to `next`) and `next` (done). */
export function twoScreenApp(gotoAfterMs = 0): FakeAppSpec {
  return fakeApp({
    screens: [
      fakeScreen("main", [el("home", [0, 0, 390, 100]), el("ok", [0, 200, 100, 40])]),
      fakeScreen("next", [el("done", [0, 0, 390, 100])]),
    ],
    reactions: [onTap("ok", goto("next", gotoAfterMs))],
  });
}
