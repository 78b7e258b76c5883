/**
 * Fault injection for the fake servers: at the Nth request (counted over all requests, or over
 * those matching `match`), die, hang, drop the connection, or answer an error. Specs are plain
 * JSON so a fake started as a script (by a fake `xcodebuild` or `adb`) takes them on its
 * command line or over its control route.
 *
 * @module
 */
import { compileRoute, type RoutePattern } from "./route_pattern.ts";

/** One fault. */
export interface FaultSpec {
  /** 1-based index of the first request it hits, among the requests `match` selects. */
  at: number;
  /** Which requests count, e.g. `{ method: "POST", path: "/session/:sid/wda/tap" }`. */
  match?: { method?: string; path?: string };
  /** How many matching requests in a row it hits from `at` on (default 1). */
  times?: number | "always";
  /**
   * `die`: close the listener and every connection (the server is gone; later requests are
   * refused). `hang`: never answer this request. `reset`: close its connection without an
   * answer, keep serving. `error`: answer a W3C error. `raw`: answer any body.
   */
  kind: "die" | "hang" | "reset" | "error" | "raw";
  error?: { error: string; message?: string; status?: number };
  raw?: { status: number; body: string; contentType?: string };
}

/**
 * The faults of one server and how many matching requests each has seen.
 *
 * @example
 * ```ts
 * const faults = new FaultSchedule([{ at: 2, kind: "hang" }]);
 * faults.next("GET", "/status"); // null
 * faults.next("GET", "/status"); // { at: 2, kind: "hang" }
 * ```
 */
export class FaultSchedule {
  readonly #entries: { spec: FaultSpec; pattern: RoutePattern | null; seen: number }[] = [];

  constructor(specs: FaultSpec[] = []) {
    for (const spec of specs) this.add(spec);
  }

  add(spec: FaultSpec): void {
    if (!Number.isInteger(spec.at) || spec.at < 1) {
      throw new Error(`fault "at" must be a whole number ≥ 1, got ${spec.at}`);
    }
    const pattern = spec.match
      ? compileRoute(`${spec.match.method ?? ""} ${spec.match.path ?? "/*"}`.trim())
      : null;
    this.#entries.push({ spec, pattern, seen: 0 });
  }

  /** Counts one request; returns the first fault that hits it, if any. */
  next(method: string, pathname: string): FaultSpec | null {
    let hit: FaultSpec | null = null;
    for (const entry of this.#entries) {
      if (entry.pattern && entry.pattern.match(method, pathname) === null) continue;
      entry.seen++;
      const { at, times = 1 } = entry.spec;
      const inRange = entry.seen >= at && (times === "always" || entry.seen < at + times);
      if (inRange && hit === null) hit = entry.spec;
    }
    return hit;
  }
}
