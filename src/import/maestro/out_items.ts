/**
 * The import's output model: a step list is a sequence of bajutsu steps (plain objects in the
 * scenario grammar) and comments (the Maestro commands left out, with the reason). Nested step
 * lists (`if.then`) are `StepList`s so comments can sit inside them too.
 *
 * @module
 */

/** A bajutsu step as written in a scenario file. */
export type StepObject = Record<string, unknown>;

/** One entry of an output step list. */
export type OutItem = { kind: "step"; step: StepObject } | { kind: "comment"; lines: string[] };

/** A step list nested inside a step (`if.then`, `if.else`). */
export class StepList {
  constructor(readonly items: OutItem[]) {}
}

/** A step item. */
export function stepItem(step: StepObject): OutItem {
  return { kind: "step", step };
}

/** The steps of a list, comments left out. */
export function stepsOf(items: OutItem[]): StepObject[] {
  return items.flatMap((i) => (i.kind === "step" ? [i.step] : []));
}
