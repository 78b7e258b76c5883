/**
 * The inspector's output (docs/cli.md#inspect): a table of the tree, one element per line with
 * its index, identifier, label, value, traits, frame and suggested selector, or the same as JSON
 * for tools.
 *
 * @module
 */
import type { Element } from "../model/element.ts";
import { renderFrame } from "../selectors/mod.ts";
import { type Suggestion, suggestSelector } from "./suggest.ts";

/** One element as `--json` prints it. */
export interface InspectedElement {
  index: number;
  identifier: string | null;
  label: string | null;
  value: string | null;
  traits: string[];
  frame: [number, number, number, number];
  selector: Suggestion["selector"];
  /** False when only a positional index tells the element apart. */
  stable: boolean;
}

/** Longest text a table cell shows before it is cut with `…`. */
const CELL = 32;

/** The tree with a suggested selector for each element. */
export function inspectTree(tree: readonly Element[]): InspectedElement[] {
  return tree.map((el, index) => {
    const s = suggestSelector(tree, index);
    return {
      index,
      identifier: el.identifier,
      label: el.label,
      value: el.value,
      traits: [...el.traits],
      frame: [...el.frame] as [number, number, number, number],
      selector: s.selector,
      stable: s.stable,
    };
  });
}

function cell(text: string | null): string {
  if (text === null) return "-";
  if (text === "") return '""';
  const flat = JSON.stringify(text).slice(1, -1);
  return flat.length > CELL ? `${flat.slice(0, CELL - 1)}…` : flat;
}

/**
 * The table as lines: a header, then one line per element; columns padded to their widest cell.
 * A selector that needs an index is marked `(positional)`.
 */
export function inspectTable(rows: readonly InspectedElement[]): string[] {
  const header = ["#", "identifier", "label", "value", "traits", "frame", "selector"];
  const body = rows.map((r) => [
    String(r.index),
    cell(r.identifier),
    cell(r.label),
    cell(r.value),
    r.traits.join(","),
    renderFrame(r.frame.map((n) => Math.round(n * 10) / 10)),
    JSON.stringify(r.selector) + (r.stable ? "" : "  (positional)"),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((b) => b[c].length)));
  const line = (cells: string[]) =>
    cells.map((v, c) => c === cells.length - 1 ? v : v.padEnd(widths[c])).join("  ").trimEnd();
  return [line(header), ...body.map(line)];
}
