/**
 * Applying one scripted effect to the live app. Element effects edit the screen the rule is
 * about (its `scope`), whether or not that screen is showing; navigation, alerts, collapse and
 * exchanges go through the host.
 *
 * @module
 */
import type { Selector } from "../../scenario/types.ts";
import { findAll, renderSelector } from "../../selectors/mod.ts";
import { FakeFixtureError } from "./errors.ts";
import { allElements, type LiveElement, type LiveScreen, toElement } from "./live_screen.ts";
import type { CollapseMode, FakeEffectBody, FakeExchangeSpec } from "./types.ts";

/** What effects need from the running app. */
export interface EffectHost {
  screen(name: string): LiveScreen;
  goto(screen: string, at: number): void;
  back(at: number): void;
  raiseAlert(name: string): void;
  collapse(until: number, mode: CollapseMode): void;
  recordExchange(exchange: FakeExchangeSpec, at: number): void;
}

/** Applies `effect` at virtual time `at` (seconds), editing elements of screen `scope`. */
export function applyEffect(
  host: EffectHost,
  effect: FakeEffectBody,
  scope: string,
  at: number,
): void {
  switch (effect.kind) {
    case "goto":
      return host.goto(effect.screen, at);
    case "back":
      return host.back(at);
    case "alert":
      return host.raiseAlert(effect.alert);
    case "collapse":
      return host.collapse(at + effect.forMs / 1000, effect.mode);
    case "exchange":
      return host.recordExchange(effect.exchange, at);
    case "reveal":
      for (const el of targets(host, scope, effect.target, "reveal")) el.hidden = false;
      return;
    case "hide":
      for (const el of targets(host, scope, effect.target, "hide")) el.hidden = true;
      return;
    case "set":
      for (const el of targets(host, scope, effect.target, "set")) {
        if (effect.label !== undefined) el.label = effect.label;
        if (effect.value !== undefined) el.value = effect.value;
        if (effect.traits !== undefined) el.traits = [...effect.traits];
        if (effect.frame !== undefined) el.frame = [...effect.frame];
      }
      return;
    case "increment":
      for (const el of targets(host, scope, effect.target, "increment")) increment(el);
      return;
  }
}

/** Declared elements of `scope` (hidden ones too) matching `sel`; none is a fixture error. */
function targets(host: EffectHost, scope: string, sel: Selector, what: string): LiveElement[] {
  const live = allElements(host.screen(scope));
  const views = live.map((el) => toElement(el));
  const hits = findAll(views, sel).map((v) => live[views.indexOf(v)]);
  if (hits.length === 0) {
    throw new FakeFixtureError(
      `fake app: ${what} target ${renderSelector(sel)} matches nothing on screen "${scope}"`,
    );
  }
  return hits;
}

const LAST_INTEGER = /(-?\d+)(?!.*\d)/s;

/** Adds one to the last integer in the label, else in the value (null value counts as 0). */
function increment(el: LiveElement): void {
  if (el.label !== null && LAST_INTEGER.test(el.label)) {
    el.label = el.label.replace(LAST_INTEGER, (n) => String(Number(n) + 1));
    return;
  }
  const value = el.value ?? "0";
  if (!LAST_INTEGER.test(value)) {
    throw new FakeFixtureError(
      `fake app: increment target ${el.identifier ?? el.label} holds no number`,
    );
  }
  el.value = value.replace(LAST_INTEGER, (n) => String(Number(n) + 1));
}
