/**
 * A network exchange as a collector saw it, matched by network assertions.
 *
 * @module
 */
/**
 * One exchange seen by a network collector (docs/scenario-language.md#network-matching).
 *
 * @example
 * ```ts
 * const posts = (driver.exchanges?.() ?? []).filter((e) => e.method === "POST" && e.status === 201);
 * ```
 */
export interface Exchange {
  method: string;
  url: string;
  path: string;
  status: number | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  /**
   * When the request started, in seconds on the driver's monotonic clock (`Clock.now()`); the
   * runner makes it absolute when it writes network.json.
   */
  startedAt: number;
  durationMs: number;
  mocked: boolean;
}
