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
 * reader the scan calls, so every later read reports the epoch too. Shadow roots are watched the
 * same way (a document's observer does not see into them): every open one present at install,
 * every one attached after it (open or closed: `attachShadow` is wrapped), and every open one a
 * later scan meets. The screen is not idle while an animation runs, an image is still loading,
 * fonts are loading, or the document or a watched shadow root holds content whose pixels change
 * without any of those signals (canvas, video, frames, plugins).
 */
export function pageScreenEpoch(): string | null {
  interface EpochState {
    token: string;
    count: number;
    observer: MutationObserver;
    /** The shadow roots watched, for the idle checks (dropped once their host left the page). */
    roots: Set<ShadowRoot>;
  }
  const key = Symbol.for("bajutsu.screenEpoch");
  const slots = globalThis as unknown as Record<symbol, EpochState | undefined>;
  // Where the scan finds the reader and the root watcher: keep in step with dom_scan.ts
  // SCREEN_EPOCH_READER_KEY and SCREEN_EPOCH_WATCH_ROOT_KEY.
  const readerKey = Symbol.for("bajutsu.screenEpoch.read");
  const watchKey = Symbol.for("bajutsu.screenEpoch.watchRoot");
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
  const observed = { subtree: true, childList: true, attributes: true, characterData: true };
  let state = slots[key];
  if (state === undefined) {
    const fresh: EpochState = {
      token: Math.random().toString(36).slice(2),
      count: 0,
      observer: new MutationObserver(() => fresh.count++),
      roots: new Set(),
    };
    fresh.observer.observe(document, observed);
    const bump = () => fresh.count++;
    for (const type of events) {
      document.addEventListener(type, bump, { capture: true, passive: true });
    }
    addEventListener("resize", bump, { passive: true });
    const watch = (root: ShadowRoot) => {
      if (fresh.roots.has(root)) return;
      fresh.roots.add(root);
      // Events that do not cross the shadow boundary (scroll, load) are heard at the root.
      fresh.observer.observe(root, observed);
      for (const type of events) {
        root.addEventListener(type, bump, { capture: true, passive: true });
      }
    };
    const openRoots = (scope: Document | ShadowRoot) => {
      for (const el of scope.querySelectorAll("*")) {
        if (el.shadowRoot === null) continue;
        watch(el.shadowRoot);
        openRoots(el.shadowRoot);
      }
    };
    openRoots(document);
    // A root attached later (a component defined late upgrades elements already on the page)
    // comes with no mutation the observers see: watch it from its start, closed ones included.
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
      const root = attach.call(this, init);
      fresh.count++;
      watch(root);
      return root;
    };
    slots[key] = state = fresh;
    // From now on every scan of this document reports the epoch in its reply (no extra call),
    // and hands over every open shadow root it meets.
    const hooks = globalThis as unknown as Record<symbol, unknown>;
    hooks[readerKey] = () => read(fresh);
    hooks[watchKey] = watch;
  }
  return read(state);

  function read(st: EpochState): string | null {
    // Mutations not yet delivered to the observer count now.
    if (st.observer.takeRecords().length > 0) st.count++;
    if (document.getAnimations().some((a) => a.playState === "running")) return null;
    const live = "canvas, video, iframe, embed, object";
    if (document.querySelector(live) !== null) return null;
    for (const img of Array.from(document.images)) if (!img.complete) return null;
    for (const root of st.roots) {
      if (!root.host.isConnected) {
        // Its host left the page: nothing of it is on screen (a return is a mutation seen).
        st.roots.delete(root);
        continue;
      }
      if (root.querySelector(live) !== null) return null;
      for (const img of root.querySelectorAll("img")) if (!img.complete) return null;
    }
    if (document.fonts !== undefined && document.fonts.status !== "loaded") return null;
    return `${st.token}:${st.count}`;
  }
}
