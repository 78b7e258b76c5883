/**
 * The elements of child frames in the web tree (docs/backends.md#frames). The main document is
 * scanned on the driver's fast path; every child frame (same-origin or cross-origin, nested too)
 * is scanned through Playwright's frame API, which reaches out-of-process frames, and its rows
 * follow its `<iframe>` row in document order, moved into page (viewport) coordinates by the
 * iframe's content box. A page without child frames costs nothing here: Playwright already
 * knows the frame tree, so the check is a synchronous call.
 *
 * @module
 */
import type { ElementHandle, Frame } from "playwright-core";
import { type DecodedScan, decodeScanReply, type ScanArgs, type ScanRow } from "./dom_scan.ts";
import { pageScan } from "./dom_scan.ts";
import { type ExpressionFrame, framePageCall, PageCallees } from "./page_call.ts";

/** Where a frame's document sits on the page, and what its latest scan found. */
export interface FramePlace {
  frame: Frame;
  /** Page (main viewport) coordinates of the frame's viewport origin. */
  dx: number;
  dy: number;
  /** The frame's viewport size (its iframe's content box); the main frame's is the viewport. */
  width: number;
  height: number;
  /** The frame holding this one's iframe element (null: this is the main frame). */
  parent: FramePlace | null;
  /** The iframe element's row in the parent's scan. */
  holderIndex: number;
  /** This frame's scan, as its document answered. */
  gen: number;
  rows: readonly ScanRow[];
  /** Its child frames that were read (visible, reachable). */
  children: FramePlace[];
}

/** A row of the merged tree: the frame it was read in and its index in that frame's scan. */
export interface RowOrigin {
  place: FramePlace;
  index: number;
}

/** The merged tree of a page with child frames. */
export interface FramedTree {
  /** The rows in page coordinates, in document order (frames after their iframe row). */
  rows: ScanRow[];
  /** Where each row came from (aligned with `rows`). */
  origins: RowOrigin[];
  /** Every frame read, the main frame first, parents before children. */
  places: FramePlace[];
}

/** The scans of child frames, started (a null scan: the frame could not be read). */
export type FrameScans = Map<Frame, Promise<DecodedScan | null>>;

/** An iframe's row index in its parent's scan, and its content box in that frame's viewport. */
export type FrameBox = [index: number, x: number, y: number, w: number, h: number];

/**
 * In-page (in the parent frame): for each iframe element, its row index in the frame's current
 * scan (`gen`) and its content box (the border box inside its border and padding, where the child
 * document's viewport is drawn); null when it is not a row of that scan (hidden, zero-area, or a
 * newer scan replaced it).
 */
export function pageFrameBoxes(a: { gen: number; els: (Node | null)[] }): (FrameBox | null)[] {
  const store = (globalThis as unknown as Record<symbol, { gen: number; nodes: Node[] }>)[
    Symbol.for("bajutsu.scan")
  ];
  return a.els.map((el) => {
    if (!(el instanceof Element) || !store || store.gen !== a.gen) return null;
    const index = store.nodes.indexOf(el);
    if (index < 0) return null;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const padLeft = parseFloat(style.paddingLeft) || 0;
    const padTop = parseFloat(style.paddingTop) || 0;
    const padRight = parseFloat(style.paddingRight) || 0;
    const padBottom = parseFloat(style.paddingBottom) || 0;
    return [
      index,
      r.x + el.clientLeft + padLeft,
      r.y + el.clientTop + padTop,
      el.clientWidth - padLeft - padRight,
      el.clientHeight - padTop - padBottom,
    ];
  });
}

/** Every frame below `frame` (not itself), parents before children. */
export function descendantFrames(frame: Frame): Frame[] {
  const out: Frame[] = [];
  const add = (f: Frame) => {
    for (const child of f.childFrames()) {
      out.push(child);
      add(child);
    }
  };
  add(frame);
  return out;
}

/** Each frame row's copy in page coordinates, with the offset it was moved by. */
export type MovedRows = WeakMap<ScanRow, { dx: number; dy: number; row: ScanRow }>;

/** The row moved by `(dx, dy)`. */
function moved(row: ScanRow, dx: number, dy: number): ScanRow {
  const [id, role, label, value, flags, x, y, w, h] = row;
  return [id, role, label, value, flags, x + dx, y + dy, w, h];
}

/**
 * The merged tree below `main` (whose children were read): each frame's rows (without its root
 * row) right after its iframe's row, in page coordinates. `cache` maps a frame's row to its
 * moved copy, so an unchanged row at an unchanged offset is the same object on every read.
 */
export function mergeFrames(
  main: FramePlace,
  cache: MovedRows = new WeakMap(),
): FramedTree {
  const rows: ScanRow[] = [];
  const origins: RowOrigin[] = [];
  const places: FramePlace[] = [];
  const add = (place: FramePlace) => {
    places.push(place);
    const byHolder = new Map<number, FramePlace[]>();
    for (const child of place.children) {
      const list = byHolder.get(child.holderIndex);
      if (list) list.push(child);
      else byHolder.set(child.holderIndex, [child]);
    }
    // A child frame's root row (its document) is not a row of the page: its iframe is.
    for (let i = place.parent === null ? 0 : 1; i < place.rows.length; i++) {
      const local = place.rows[i];
      let row = local;
      if (place.parent !== null) {
        const hit = cache.get(local);
        if (hit !== undefined && hit.dx === place.dx && hit.dy === place.dy) row = hit.row;
        else {
          row = moved(local, place.dx, place.dy);
          cache.set(local, { dx: place.dx, dy: place.dy, row });
        }
      }
      rows.push(row);
      origins.push({ place, index: i });
      for (const child of byHolder.get(i) ?? []) add(child);
    }
  };
  add(main);
  return { rows, origins, places };
}

/**
 * The hit-test levels of a row, outermost first: in each frame from the main one down, the row
 * the pointer must reach there (the iframe holding the next frame, then the row itself).
 */
export function hitLevels(origin: RowOrigin): RowOrigin[] {
  const levels: RowOrigin[] = [origin];
  for (let p = origin.place; p.parent !== null; p = p.parent) {
    levels.unshift({ place: p.parent, index: p.holderIndex });
  }
  return levels;
}

/** The child frames (not the main one) whose viewport holds the page point, outermost first. */
export function framesAt(places: readonly FramePlace[], x: number, y: number): FramePlace[] {
  return places.filter((p) =>
    p.parent !== null && x >= p.dx && y >= p.dy && x < p.dx + p.width && y < p.dy + p.height
  );
}

/**
 * Reads the child frames of a page for one driver: each frame's scan keeps its own incremental
 * transport (its document keeps its previous rows), and the handle of each frame's iframe
 * element is fetched once per frame.
 */
export class FrameReader {
  readonly #scanArgs: () => ScanArgs;
  readonly #scans = new WeakMap<Frame, DecodedScan>();
  readonly #holders = new WeakMap<Frame, Promise<ElementHandle | null>>();
  /** The scan's callee texts, built once. */
  readonly #callees = new PageCallees();

  /** `scanArgs` gives the scan's arguments (test id, label bound, session token). */
  constructor(scanArgs: () => ScanArgs) {
    this.#scanArgs = scanArgs;
  }

  /**
   * Reads the frames below `main` into it (its `children`, recursively), then merges them; null
   * when the page has no child frame (the caller keeps its main-frame tree as it is). A frame
   * that is detached, navigating or not answering for its scan or its box is left out of this
   * read, with the frames inside it.
   */
  async read(
    main: FramePlace,
    scans: FrameScans = this.scanAll(main.frame),
  ): Promise<FramePlace | null> {
    if (main.frame.childFrames().length === 0) return null;
    await this.#readChildren(main, scans);
    return main;
  }

  /**
   * Starts the scans of every frame below `main` at once: they need nothing from the main
   * document's scan, so the caller starts them alongside it.
   */
  scanAll(main: Frame): FrameScans {
    const scans: FrameScans = new Map();
    for (const frame of descendantFrames(main)) scans.set(frame, this.#scan(frame));
    return scans;
  }

  /** Forgets a detached frame (its iframe's handle is released). */
  forget(frame: Frame): void {
    const holder = this.#holders.get(frame);
    this.#holders.delete(frame);
    this.#scans.delete(frame);
    holder?.then((h) => h?.dispose()).catch(() => {});
  }

  async #readChildren(parent: FramePlace, started: FrameScans): Promise<void> {
    const frames = parent.frame.childFrames().filter((f) => !f.isDetached());
    if (frames.length === 0) return;
    const [scans, boxes] = await Promise.all([
      Promise.all(frames.map((f) => started.get(f) ?? this.#scan(f))),
      this.#boxes(parent, frames),
    ]);
    for (let i = 0; i < frames.length; i++) {
      const scan = scans[i];
      const box = boxes[i];
      if (scan === null || box === null) continue;
      const [holderIndex, x, y, width, height] = box;
      parent.children.push({
        frame: frames[i],
        dx: parent.dx + x,
        dy: parent.dy + y,
        width,
        height,
        parent,
        holderIndex,
        gen: scan.gen,
        rows: scan.rows,
        children: [],
      });
    }
    await Promise.all(parent.children.map((child) => this.#readChildren(child, started)));
  }

  /** The frame's scan, decoded against its previous one; null when it could not be read. */
  async #scan(frame: Frame): Promise<DecodedScan | null> {
    const base = this.#scans.get(frame) ?? { gen: 0, rows: [] };
    let json: string;
    try {
      json = await framePageCall(
        frame as ExpressionFrame,
        pageScan,
        { ...this.#scanArgs(), base: base.gen, inFrame: true },
        this.#callees,
      );
    } catch {
      return null;
    }
    if (json === "") return null;
    try {
      const scan = decodeScanReply(json, base.rows);
      if (scan.gen > (this.#scans.get(frame)?.gen ?? 0)) this.#scans.set(frame, scan);
      return scan;
    } catch {
      // Host and frame disagree about the previous scan: a full read next time.
      this.#scans.delete(frame);
      return null;
    }
  }

  /** The boxes of `frames`' iframe elements in `parent` (null for those not found). */
  async #boxes(parent: FramePlace, frames: Frame[]): Promise<(FrameBox | null)[]> {
    const holders = await Promise.all(frames.map((f) => this.#holder(f)));
    try {
      // The handles arrive in the page as the elements they stand for.
      return await parent.frame.evaluate(pageFrameBoxes, { gen: parent.gen, els: holders });
    } catch {
      // A handle from a document that went away: fetch them again next read.
      for (const f of frames) this.#holders.delete(f);
      return frames.map(() => null);
    }
  }

  /** The frame's iframe element in its parent (null when the frame went away). */
  #holder(frame: Frame): Promise<ElementHandle | null> {
    let holder = this.#holders.get(frame);
    if (holder === undefined) {
      holder = frame.frameElement().catch(() => {
        // Not cached: a frame between documents may answer on the next read.
        this.#holders.delete(frame);
        return null;
      });
      this.#holders.set(frame, holder);
    }
    return holder;
  }
}
