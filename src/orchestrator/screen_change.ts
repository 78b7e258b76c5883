/**
 * The comparison behind `until: screenChanged` (docs/scenario-language.md#wait): every read is
 * compared with the wait's first read, also after a watcher (the alert guard, an interrupt
 * recovery) acted mid-wait, so a wait that started under an alert passes as soon as the guard's
 * dismissal shows a new screen. What a watcher took away is not the step's doing: the elements of
 * the screen it acted on that are gone from the next read (the dismissed alert, the closed
 * interstitial) are left out of both sides of every later comparison.
 *
 * @module
 */
import type { Element } from "../drivers/driver.ts";
import { elementsEqual, treesEqual } from "../selectors/mod.ts";

/** Elements of `tree` equal to none in `set`. */
function without(tree: readonly Element[], set: readonly Element[]): Element[] {
  return tree.filter((el) => !set.some((s) => elementsEqual(el, s)));
}

/** One `screenChanged` wait's comparison state. */
export class ScreenChange {
  readonly #initial: readonly Element[];
  /** The tree the last `changed` call saw: the one a watcher then acted on. */
  #last: readonly Element[];
  readonly #setAside: Element[] = [];

  /** `initial`: the tree read when the wait started. */
  constructor(initial: readonly Element[]) {
    this.#initial = initial;
    this.#last = initial;
  }

  /** Elements left out of the comparison because a watcher's action removed them. */
  get setAside(): number {
    return this.#setAside.length;
  }

  /**
   * Whether `tree` differs from the initial read in something a watcher did not remove.
   * `afterWatcher`: a watcher acted on the previous read, so what it removed is set aside first.
   */
  changed(tree: readonly Element[], afterWatcher: boolean): boolean {
    if (afterWatcher) this.#setAside.push(...without(without(this.#last, tree), this.#setAside));
    this.#last = tree;
    if (this.#setAside.length === 0) return !treesEqual(this.#initial, tree);
    return !treesEqual(without(this.#initial, this.#setAside), without(tree, this.#setAside));
  }
}
