/**
 * What every driver that reads a whole tree and acts by coordinates shares (the iOS, Android and
 * remote drivers; docs/backends.md#driver-methods-on-the-wire): the recent read an action may
 * resolve on instead of reading the screen again, resolution with a fresh read when the recent
 * tree does not have the target, the pure `isTappable` check, and the actuation record of an
 * action aimed at an element's centre.
 *
 * @module
 */
import type { Selector } from "../scenario/types.ts";
import type { Clock } from "../time/clock.ts";
import { type Actuation, type Element, ElementNotFound, SelectorError } from "./driver.ts";
import { coverOf, frameCenter, resolveUnique } from "../selectors/mod.ts";
import type { ActuationInput } from "./actuation_log.ts";

/**
 * The last read of the screen, kept while nothing was sent since and it is young enough. A
 * driver calls `changed()` before every command, `remember()` after every read.
 *
 * @example
 * ```ts
 * const recent = new RecentRead<Element[]>(clock, 0.5);
 * recent.remember(await readTree());
 * recent.get(); // the tree, until a command is sent or 0.5 s pass
 * recent.changed();
 * recent.get(); // null
 * ```
 */
export class RecentRead<T> {
  readonly #clock: Clock;
  readonly #maxAgeS: number;
  #last: { value: T; at: number; generation: number } | null = null;
  #generation = 0;

  constructor(clock: Clock, maxAgeS: number) {
    this.#clock = clock;
    this.#maxAgeS = maxAgeS;
  }

  /** Keeps a read that just completed. */
  remember(value: T): void {
    this.#last = { value, at: this.#clock.now(), generation: this.#generation };
  }

  /** A command went out (or the app changed from outside): earlier reads are stale. */
  changed(): void {
    this.#generation++;
  }

  /** Forgets the read, fresh or not (a read under way failed, the app was relaunched). */
  forget(): void {
    this.#last = null;
    this.#generation++;
  }

  /** The last read, whatever its age (null when none or forgotten). */
  get latest(): T | null {
    return this.#last?.value ?? null;
  }

  /** The last read while nothing was sent since and it is at most `maxAgeS` old; else null. */
  get(): T | null {
    const last = this.#last;
    if (last === null || last.generation !== this.#generation) return null;
    return this.#clock.now() - last.at <= this.#maxAgeS ? last.value : null;
  }
}

/**
 * The target of an action and the tree it was resolved on: the recent tree when it resolves
 * there, else a fresh read (a reused tree never fails a step by itself).
 *
 * @example
 * ```ts
 * const { tree, target } = await resolveOnRecent(recent.get(), () => driver.query(), { id: "ok" });
 * ```
 */
export async function resolveOnRecent(
  recent: Element[] | null,
  read: () => Promise<Element[]>,
  sel: Selector,
): Promise<{ tree: Element[]; target: Element }> {
  if (recent !== null) {
    try {
      return { tree: recent, target: resolveUnique(recent, sel) };
    } catch (err) {
      if (!(err instanceof SelectorError)) throw err;
      // Not on the recent tree: the screen may have moved on; read it again.
    }
  }
  const tree = await read();
  return { tree, target: resolveUnique(tree, sel) };
}

/**
 * The pure tap check on one tree: not found → false, ambiguous throws, else whether nothing
 * covers the target's centre.
 *
 * @example
 * ```ts
 * tappableIn(await driver.query(), { id: "under" }); // false: the veil covers it
 * ```
 */
export function tappableIn(tree: readonly Element[], sel: Selector): boolean {
  let target: Element;
  try {
    target = resolveUnique(tree as Element[], sel);
  } catch (err) {
    if (err instanceof ElementNotFound) return false;
    throw err;
  }
  return coverOf(tree, target) === null;
}

/**
 * The actuation record of a gesture at an element's centre (the resolved identifier only).
 *
 * @example
 * ```ts
 * atCentre("tap", el); // { gesture: "tap", via: "coordinate", points: [[80, 42]], frame: [20, 20, 120, 44], target: "inc" }
 * ```
 */
export function atCentre(
  gesture: Actuation["gesture"],
  el: Element,
  extra: Partial<Actuation> = {},
): ActuationInput {
  return {
    gesture,
    via: "coordinate",
    points: [frameCenter(el.frame)],
    frame: [...el.frame],
    target: el.identifier,
    ...extra,
  };
}
