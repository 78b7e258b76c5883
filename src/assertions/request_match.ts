/**
 * Request matching (docs/scenario-language.md#network-matching), shared by the `request`/`event`/
 * `requestSequence` assertions, `wait until: request` and the mock router, so a mock stubs
 * exactly what an assertion would match.
 *
 * @module
 */
import type { Exchange } from "../model/exchange.ts";
import type { RequestMatch } from "../model/assertion.ts";
import { compileRegex } from "../selectors/pattern.ts";

/** A compiled request matcher. */
export type ExchangePredicate = (ex: Exchange) => boolean;

/**
 * Compiles a matcher once (its regexes included). All set fields are AND-ed: method
 * case-insensitive, `url`/`path` exact (`path` has no query), `urlMatches`/`pathMatches`/
 * `bodyMatches` regex search (a null request body never matches), `status` exact. `count` is not a
 * per-exchange field and is ignored here.
 *
 * @throws InvalidRegex when a pattern does not compile
 */
export function compileRequestMatch(match: RequestMatch): ExchangePredicate {
  const tests: ExchangePredicate[] = [];
  if (match.method !== undefined) {
    const method = match.method.toUpperCase();
    tests.push((ex) => ex.method.toUpperCase() === method);
  }
  if (match.url !== undefined) {
    const url = match.url;
    tests.push((ex) => ex.url === url);
  }
  if (match.urlMatches !== undefined) {
    const re = compileRegex(match.urlMatches);
    tests.push((ex) => re.test(ex.url));
  }
  if (match.path !== undefined) {
    const path = match.path;
    tests.push((ex) => ex.path === path);
  }
  if (match.pathMatches !== undefined) {
    const re = compileRegex(match.pathMatches);
    tests.push((ex) => re.test(ex.path));
  }
  if (match.status !== undefined) {
    const status = match.status;
    tests.push((ex) => ex.status === status);
  }
  if (match.bodyMatches !== undefined) {
    const re = compileRegex(match.bodyMatches);
    tests.push((ex) => ex.requestBody !== null && re.test(ex.requestBody));
  }
  return (ex) => tests.every((t) => t(ex));
}

/**
 * Whether one exchange satisfies the matcher.
 *
 * @example
 * ```ts
 * requestMatches(exchange, { method: "get", path: "/items", status: 200 });
 * ```
 */
export function requestMatches(exchange: Exchange, match: RequestMatch): boolean {
  return compileRequestMatch(match)(exchange);
}

/** How many exchanges satisfy the matcher (`count` assertions, `wait until: request`). */
export function countMatching(exchanges: readonly Exchange[], match: RequestMatch): number {
  return exchanges.filter(compileRequestMatch(match)).length;
}

/**
 * A compact description of a matcher for messages: its set fields in a fixed order, e.g.
 * `GET /items status=200`. `withCount: false` leaves `count` out where it is not checked
 * (`requestSequence`).
 *
 * @example
 * ```ts
 * requestLabel({ method: "get", pathMatches: "^/items/\\d+$", count: 2 });
 * // 'GET ~^/items/\d+$ count=2'
 * ```
 */
export function requestLabel(match: RequestMatch, withCount = true): string {
  const parts: string[] = [];
  if (match.method !== undefined) parts.push(match.method.toUpperCase());
  if (match.url !== undefined) parts.push(match.url);
  if (match.urlMatches !== undefined) parts.push(`url~${match.urlMatches}`);
  if (match.path !== undefined) parts.push(match.path);
  if (match.pathMatches !== undefined) parts.push(`~${match.pathMatches}`);
  if (match.status !== undefined) parts.push(`status=${match.status}`);
  if (match.bodyMatches !== undefined) parts.push(`body~${match.bodyMatches}`);
  if (withCount && match.count !== undefined) parts.push(`count=${match.count}`);
  return parts.join(" ");
}
