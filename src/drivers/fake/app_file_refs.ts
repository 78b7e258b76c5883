/**
 * Cross-reference checks for the fake app file: named screens and alerts exist, and a target
 * written as a plain id names an element declared where the rule applies. Catching a typo at
 * load time (with its line) beats a reaction that silently never fires.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { type ReadContext, report } from "../../yaml/read_context.ts";
import type { Selector } from "../../scenario/types.ts";
import type { FakeScreenSpec } from "./types.ts";

/** What names a rule may refer to. */
export class RefChecker {
  #ctx: ReadContext;
  #alerts: ReadonlySet<string>;
  #names: ReadonlySet<string>;
  #complete: boolean;
  #ids = new Map<string, Set<string>>();
  #all = new Set<string>();

  /**
   * `names` are every declared screen; `screens` those that read cleanly. Ids are only checked
   * where every screen in question was read, so one broken screen does not cascade into errors.
   */
  constructor(
    ctx: ReadContext,
    names: readonly string[],
    screens: ReadonlyMap<string, FakeScreenSpec>,
    alerts: ReadonlySet<string>,
  ) {
    this.#ctx = ctx;
    this.#alerts = alerts;
    this.#names = new Set(names);
    this.#complete = names.every((n) => screens.has(n));
    for (const [name, screen] of screens) {
      const ids = new Set<string>();
      for (const node of screen.nodes) {
        if (node.identifier !== null) ids.add(node.identifier);
        if (node.kind === "scroll") {
          for (const el of node.content) if (el.identifier !== null) ids.add(el.identifier);
        }
      }
      this.#ids.set(name, ids);
      for (const id of ids) this.#all.add(id);
    }
  }

  /** Whether `name` is a screen; reports E_CONFIG otherwise. */
  screen(name: string, node: PNode, path: string): boolean {
    if (this.#names.has(name)) return true;
    const have = [...this.#names].join(", ");
    report(this.#ctx, node.pos, "E_CONFIG", path, `no screen named "${name}" (have: ${have})`);
    return false;
  }

  /** Whether `name` is a declared alert; reports E_CONFIG otherwise. */
  alert(name: string, node: PNode, path: string): boolean {
    if (this.#alerts.has(name)) return true;
    const have = [...this.#alerts].join(", ") || "none";
    report(this.#ctx, node.pos, "E_CONFIG", path, `no alert named "${name}" (have: ${have})`);
    return false;
  }

  /**
   * For an id-only selector: at least one candidate id is declared on `scope` (any screen when
   * the scope is not known). Richer selectors are left to run time.
   */
  target(sel: Selector, scope: string | null, node: PNode, path: string): boolean {
    const keys = Object.keys(sel);
    if (keys.length !== 1 || sel.id === undefined) return true;
    const ids = typeof sel.id === "string" ? [sel.id] : sel.id;
    const known = scope !== null ? this.#ids.get(scope) : this.#complete ? this.#all : undefined;
    if (known === undefined) return true;
    if (ids.some((id) => known.has(id))) return true;
    const where = scope !== null ? `on screen "${scope}"` : "on any screen";
    report(
      this.#ctx,
      node.pos,
      "E_CONFIG",
      path,
      `no element with id ${ids.join(" or ")} ${where}`,
    );
    return false;
  }
}
