/**
 * Waiting for a scroll to come to rest (docs/backends.md#web): after a wheel or touch scroll, poll
 * the scroll offsets once per animation frame until they stayed unchanged for a few frames,
 * bounded.
 *
 * @module
 */

/** Unchanged frames that count as "at rest". */
export const STABLE_FRAMES = 2;
/** Most frames to wait. */
export const MAX_FRAMES = 30;

/**
 * In-page: watches the scroll offsets of the element under `(x, y)`, its ancestors and the
 * document. Resolves with the frames waited, or -1 when frames stopped coming (a hidden page
 * throttles `requestAnimationFrame`) and a time bound ended the wait.
 */
export function pageScrollSettle(
  a: { x: number; y: number; stableFrames: number; maxFrames: number; fallbackMs: number },
): Promise<number> {
  const watched: Element[] = [];
  for (let el = document.elementFromPoint(a.x, a.y); el; el = el.parentElement) watched.push(el);
  if (document.scrollingElement) watched.push(document.scrollingElement);
  const signature = () =>
    watched.map((el) => `${el.scrollLeft},${el.scrollTop}`).join(";") +
    `|${scrollX},${scrollY}`;
  return new Promise((resolve) => {
    let last = signature();
    let stable = 0;
    let frames = 0;
    const timer = setTimeout(() => resolve(-1), a.fallbackMs);
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
        resolve(frames);
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
