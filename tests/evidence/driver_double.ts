/**
 * A tiny recording Driver for evidence tests: every method call is recorded by name; screenshot,
 * query and interval behaviour is configurable.
 *
 * @module
 */
import type { Driver, DriverInterval, Element } from "../../src/drivers/driver.ts";

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

export interface DoubleOptions {
  /** Offer `screenshotBytes` (default false: only `screenshot(path)`). */
  bytes?: boolean;
  /** Make every screenshot call fail. */
  failScreenshot?: boolean;
  /** The tree `query()` returns. */
  tree?: Element[];
  /** Offer `driverInterval`; the started recording writes `content` to its path on stop. */
  intervals?: { content: (kind: string) => string } | null;
}

export interface RecordingDriver {
  driver: Driver;
  calls: string[];
}

/** A driver whose every method records its name in `calls`. */
export function recordingDriver(opts: DoubleOptions = {}): RecordingDriver {
  const calls: string[] = [];
  const impl: Record<string, unknown> = {
    query: () => Promise.resolve(opts.tree ?? []),
    screenshot: async (path: string) => {
      if (opts.failScreenshot) throw new Error("display is off");
      await Deno.writeFile(path, PNG);
    },
    capabilities: () => new Set(),
  };
  if (opts.bytes) {
    impl.screenshotBytes = () =>
      opts.failScreenshot
        ? Promise.reject(new Error("display is off"))
        : Promise.resolve(PNG.slice());
  }
  if (opts.intervals) {
    const content = opts.intervals.content;
    impl.driverInterval = (kind: string, path: string): Promise<DriverInterval> =>
      Promise.resolve({
        kind,
        path,
        stop: () => Deno.writeTextFile(path, content(kind)),
      });
  }
  const driver = new Proxy({ name: "fake" } as unknown as Driver, {
    get(target, prop) {
      if (prop === "name") return "fake";
      if (typeof prop !== "string") return Reflect.get(target, prop);
      if (!(prop in impl) && ["screenshotBytes", "driverInterval"].includes(prop)) {
        return undefined;
      }
      if (prop === "then") return undefined;
      return (...args: unknown[]) => {
        calls.push(prop);
        const fn = impl[prop] as ((...a: unknown[]) => unknown) | undefined;
        return fn ? fn(...args) : Promise.resolve(undefined);
      };
    },
  });
  return { driver, calls };
}

/** A minimal element. */
export function el(partial: Partial<Element>): Element {
  return {
    identifier: null,
    label: null,
    value: null,
    traits: ["other"],
    frame: [0, 0, 10, 10],
    nativeZ: null,
    ...partial,
  };
}
