/**
 * The page's screen epoch (docs/backends.md#screenshots-of-an-unchanged-screen): a token that
 * stays the same while nothing in the document can have changed what the viewport shows, and
 * `null` while something may be moving on its own. The driver reuses its last screenshot only
 * when the epoch read before that shot equals the epoch now (and the compositor drew no frame
 * since, see frame_watch.ts).
 *
 * @module
 */

/**
 * In-page: `<document token>:<change count>`, or null when the screen is not idle. The first call
 * on a document installs a MutationObserver (tree, attributes, text) and capturing listeners for
 * what changes the picture without a DOM mutation (scrolls, image and font loads, focus,
 * selection, transitions and animations starting, resizes); each bumps the count, and it leaves a
 * reader the scan calls, so every later read reports the epoch too. The screen is
 * not idle while an animation runs, an image is still loading, fonts are loading, or the
 * document holds content whose pixels change without any of those signals (canvas, video,
 * frames, plugins).
 */
export function pageScreenEpoch(): string | null {
  interface EpochState {
    token: string;
    count: number;
    observer: MutationObserver;
  }
  const key = Symbol.for("bajutsu.screenEpoch");
  const slots = globalThis as unknown as Record<symbol, EpochState | undefined>;
  // Where the scan finds the reader: keep in step with dom_scan.ts SCREEN_EPOCH_READER_KEY.
  const readerKey = Symbol.for("bajutsu.screenEpoch.read");
  let state = slots[key];
  if (state === undefined) {
    const fresh: EpochState = {
      token: Math.random().toString(36).slice(2),
      count: 0,
      observer: new MutationObserver(() => fresh.count++),
    };
    fresh.observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const bump = () => fresh.count++;
    const events = [
      "scroll",
      "load",
      "error",
      "focusin",
      "focusout",
      "selectionchange",
      "transitionrun",
      "animationstart",
    ];
    for (const type of events) {
      document.addEventListener(type, bump, { capture: true, passive: true });
    }
    addEventListener("resize", bump, { passive: true });
    slots[key] = state = fresh;
    // From now on every scan of this document reports the epoch in its reply (no extra call).
    (globalThis as unknown as Record<symbol, () => string | null>)[readerKey] = () => read(fresh);
  }
  return read(state);

  function read(st: EpochState): string | null {
    // Mutations not yet delivered to the observer count now.
    if (st.observer.takeRecords().length > 0) st.count++;
    if (document.getAnimations().some((a) => a.playState === "running")) return null;
    if (document.querySelector("canvas, video, iframe, embed, object") !== null) return null;
    for (const img of Array.from(document.images)) if (!img.complete) return null;
    if (document.fonts !== undefined && document.fonts.status !== "loaded") return null;
    return `${st.token}:${st.count}`;
  }
}
