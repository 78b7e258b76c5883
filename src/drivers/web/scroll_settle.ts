/**
 * Waiting for a scroll to come to rest (docs/backends.md#web): after a wheel or touch scroll, poll
 * the scroll offsets once per animation frame until they stayed unchanged for a few frames,
 * bounded.
 *
 * @module
 */
import type { DriverSettle } from "../driver.ts";

/** Unchanged frames that count as "at rest". */
export const STABLE_FRAMES = 2;
/** Most frames to wait. */
export const MAX_FRAMES = 30;
/** Seconds after which the settle gives up when frames stop coming. */
export const SCROLL_SETTLE_FALLBACK_S = 2;

/** How an in-page scroll settle ended: the frames it read and whether the offsets held still. */
export interface ScrollSettleEnd {
  /** Animation frames read (the baseline read not counted). */
  frames: number;
  /** True when the offsets stayed unchanged for `stableFrames` frames; false when a bound hit. */
  stable: boolean;
}

/**
 * The settle as a wait record on the step (docs/reports.md#waits): its reads are the baseline
 * read plus one per frame.
 *
 * @example
 * ```ts
 * scrollSettleRecord({ frames: 3, stable: true }, 0.05).endedBy; // "stable"
 * ```
 */
export function scrollSettleRecord(end: ScrollSettleEnd, seconds: number): DriverSettle {
  return {
    kind: "scroll-settle",
    endedBy: end.stable ? "stable" : "timeout",
    reads: end.frames + 1,
    seconds,
    timeoutS: SCROLL_SETTLE_FALLBACK_S,
    ...(end.stable ? { stableReads: STABLE_FRAMES + 1 } : {}),
  };
}

/**
 * In-page: watches the scroll offsets of the element under `(x, y)` (found through open shadow
 * roots), its composed ancestors (across slots and shadow hosts) and the document. Resolves with the frames waited and whether they held still; `stable` is false when
 * `maxFrames` passed or frames stopped coming (a hidden page throttles `requestAnimationFrame`)
 * and the time bound ended the wait.
 */
export function pageScrollSettle(
  a: { x: number; y: number; stableFrames: number; maxFrames: number; fallbackMs: number },
): Promise<ScrollSettleEnd> {
  const watched: Element[] = [];
  let hit = document.elementFromPoint(a.x, a.y);
  for (let shadow = hit?.shadowRoot ?? null; hit && shadow; shadow = hit.shadowRoot) {
    let inner: Element | null = shadow.elementFromPoint(a.x, a.y);
    if (inner === hit) {
      // The host's own text, rendered through a slot: the topmost element of the shadow tree.
      const under: Element | undefined = shadow.elementsFromPoint(a.x, a.y)[0];
      inner = under !== undefined && under.getRootNode() === shadow ? under : null;
    }
    if (inner === null || inner === hit) break;
    hit = inner;
  }
  for (let el: Element | null = hit; el;) {
    watched.push(el);
    const root = el.getRootNode();
    el = el.assignedSlot ?? el.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
  if (document.scrollingElement) watched.push(document.scrollingElement);
  const signature = () =>
    watched.map((el) => `${el.scrollLeft},${el.scrollTop}`).join(";") +
    `|${scrollX},${scrollY}`;
  return new Promise((resolve) => {
    let last = signature();
    let stable = 0;
    let frames = 0;
    const timer = setTimeout(() => resolve({ frames, stable: false }), a.fallbackMs);
    const tick = () => {
      frames++;
      const now = signature();
      if (now === last) stable++;
      else {
        stable = 0;
        last = now;
      }
      if (stable >= a.stableFrames || frames >= a.maxFrames) {
        clearTimeout(timer);
        resolve({ frames, stable: stable >= a.stableFrames });
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
