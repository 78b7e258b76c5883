/**
 * CSRF defence: a state-changing request (anything but GET/HEAD/OPTIONS) whose `Origin` names
 * another host than its `Host` is refused. Browsers always send `Origin` on cross-origin POSTs,
 * and the session cookie is SameSite=Strict besides.
 *
 * @module
 */

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when `req` changes state and comes from a foreign origin (or the opaque `null` one). */
export function isForeignOriginWrite(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false; // not a browser request (curl, tests, CI)
  const host = req.headers.get("host");
  if (origin === "null" || host === null) return true;
  try {
    return new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    return true;
  }
}
