/**
 * Builders for fake apps in code, with the same defaults the YAML loader applies. Handy for tests
 * that need a driver over a fixed tree without writing a file.
 *
 * @example
 * ```ts
 * const app = singleScreenApp([fakeElement({ identifier: "ok", traits: ["button"] })]);
 * const driver = createFakeDriver(app, { clock: new FakeClock() });
 * ```
 *
 * @module
 */
import type { Element } from "../driver.ts";
import type { FakeAppSpec, FakeElementSpec, FakeNodeSpec, FakeScreenSpec } from "./types.ts";

/** Default screen size (an iPhone-class portrait screen, in points). */
export const DEFAULT_FAKE_SIZE: readonly [w: number, h: number] = [390, 844];

/** A declared element with defaults: no id/label/value, no traits, a 0×0 frame, visible. */
export function fakeElement(
  fields: Partial<Omit<FakeElementSpec, "kind">> & Partial<Pick<Element, "nativeZ">> = {},
): FakeElementSpec {
  return {
    kind: "element",
    identifier: fields.identifier ?? null,
    label: fields.label ?? null,
    value: fields.value ?? null,
    traits: [...(fields.traits ?? [])],
    frame: fields.frame ? [...fields.frame] : [0, 0, 0, 0],
    hidden: fields.hidden ?? false,
    options: fields.options ? [...fields.options] : null,
    focused: fields.focused ?? false,
  };
}

/** A screen from nodes (plain elements are wrapped with `fakeElement`). */
export function fakeScreen(
  name: string,
  nodes: ReadonlyArray<FakeNodeSpec | Element>,
  collapsed: FakeScreenSpec["collapsed"] = null,
): FakeScreenSpec {
  return {
    name,
    nodes: nodes.map((n) => ("kind" in n ? n : fakeElement(n))),
    collapsed,
  };
}

/** An app with defaults for everything not given; `initial` defaults to the first screen. */
export function fakeApp(
  fields: Partial<Omit<FakeAppSpec, "screens">> & { screens: FakeScreenSpec[] },
): FakeAppSpec {
  const screens = new Map(fields.screens.map((s) => [s.name, s]));
  return {
    name: fields.name ?? "fake-app",
    size: fields.size ?? [...DEFAULT_FAKE_SIZE],
    initial: fields.initial ?? fields.screens[0]?.name ?? "main",
    screens,
    reactions: fields.reactions ?? [],
    timers: fields.timers ?? [],
    alerts: fields.alerts ?? new Map(),
    crashes: fields.crashes ?? [],
    latency: fields.latency ?? { queryMs: 0, actionMs: 0 },
    network: fields.network ?? null,
    launchCycle: fields.launchCycle ?? null,
  };
}

/** The simplest fake: one screen named `main` showing `elements`. */
export function singleScreenApp(elements: ReadonlyArray<FakeNodeSpec | Element>): FakeAppSpec {
  return fakeApp({ screens: [fakeScreen("main", elements)] });
}
