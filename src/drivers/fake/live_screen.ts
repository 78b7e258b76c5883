/**
 * A screen's live, mutable state (values typed, elements revealed, scroll offsets) and how it
 * renders to the flat element tree `query()` returns.
 *
 * @module
 */
import type { Element } from "../driver.ts";
import type { FakeElementSpec, FakeScreenSpec, FakeScrollSpec } from "./types.ts";
import { contentExtent, framesIntersect, type Offset, toScreenFrame } from "./scroll_model.ts";

/** A declared element's live copy: effects and typing mutate it in place. */
export type LiveElement = FakeElementSpec;

export interface LiveScroll {
  kind: "scroll";
  identifier: string | null;
  viewport: FakeScrollSpec["viewport"];
  content: LiveElement[];
  offset: Offset;
}

export type LiveNode = LiveElement | LiveScroll;

export interface LiveScreen {
  name: string;
  nodes: LiveNode[];
  collapsed: FakeScreenSpec["collapsed"];
}

/** What a rendered element stands for, so an action on it can reach the live state. */
export type ElementRef =
  | { kind: "app"; el: LiveElement }
  | { kind: "scroll"; region: LiveScroll }
  | { kind: "alert" }
  | { kind: "alertButton"; index: number }
  | { kind: "root" };

/** A rendered tree with, index for index, what each element stands for. */
export interface Rendered {
  tree: Element[];
  refs: ElementRef[];
}

function liveElement(spec: FakeElementSpec): LiveElement {
  return {
    ...spec,
    traits: [...spec.traits],
    frame: [...spec.frame],
    options: spec.options ? [...spec.options] : null,
  };
}

/** A fresh live copy of a declared screen (relaunch starts from these again). */
export function instantiateScreen(spec: FakeScreenSpec): LiveScreen {
  return {
    name: spec.name,
    collapsed: spec.collapsed,
    nodes: spec.nodes.map((n): LiveNode =>
      n.kind === "element" ? liveElement(n) : {
        kind: "scroll",
        identifier: n.identifier,
        viewport: [...n.viewport],
        content: n.content.map(liveElement),
        offset: [0, 0],
      }
    ),
  };
}

/** Every declared element of the screen in document order, hidden ones included. */
export function allElements(screen: LiveScreen): LiveElement[] {
  return screen.nodes.flatMap((n) => (n.kind === "element" ? [n] : n.content));
}

/** The `Element` view of a live element (a fresh object; `frame` given when translated). */
export function toElement(el: LiveElement, frame = el.frame): Element {
  return {
    identifier: el.identifier,
    label: el.label,
    value: el.value,
    traits: [...el.traits],
    frame: [...frame],
    nativeZ: null,
  };
}

/** The visible tree of a screen: hidden elements skipped, scroll content translated and clipped. */
export function renderScreen(screen: LiveScreen): Rendered {
  const tree: Element[] = [];
  const refs: ElementRef[] = [];
  for (const node of screen.nodes) {
    if (node.kind === "element") {
      if (node.hidden) continue;
      tree.push(toElement(node));
      refs.push({ kind: "app", el: node });
      continue;
    }
    tree.push({
      identifier: node.identifier,
      label: null,
      value: null,
      traits: ["scrollView"],
      frame: [...node.viewport],
      nativeZ: null,
    });
    refs.push({ kind: "scroll", region: node });
    for (const el of node.content) {
      if (el.hidden) continue;
      const frame = toScreenFrame(el.frame, node.viewport, node.offset);
      if (!framesIntersect(frame, node.viewport)) continue;
      tree.push(toElement(el, frame));
      refs.push({ kind: "app", el });
    }
  }
  return { tree, refs };
}

/** The scrollable extent of a region's content (hidden rows take no room). */
export function regionExtent(region: LiveScroll): [number, number] {
  return contentExtent(region.content.filter((el) => !el.hidden).map((el) => el.frame));
}
