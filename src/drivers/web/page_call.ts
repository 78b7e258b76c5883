/**
 * Calling our page functions on Chromium straight over CDP `Runtime.evaluate`, in the page's main
 * world as `page.evaluate` does, without Playwright's per-call wrapping (about a millisecond per
 * read here). A named function is defined once per document under a registry symbol and then only
 * called: V8 keeps its optimised code between calls, where a freshly evaluated copy would start
 * cold every time (bench/web.ts has the figures).
 *
 * @module
 */
import type { CDPSession } from "playwright-core";

/** Where a document keeps our page functions (a symbol: invisible to `Object.keys` and JSON). */
export const PAGE_FUNCTIONS_KEY = "bajutsu.pageFunctions";

/** FNV-1a over the source: two functions that share a name never share a registry slot. */
function sourceHash(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    h ^= source.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The callee text of `fn`: its registry lookup (named) or its source (anonymous). */
// deno-lint-ignore ban-types
function calleeOf(fn: Function): string {
  const source = `(${fn.toString()})`;
  const registry = `(globalThis[Symbol.for(${JSON.stringify(PAGE_FUNCTIONS_KEY)})] ??= {})`;
  const slot = JSON.stringify(`${fn.name}:${sourceHash(source)}`);
  return fn.name ? `(${registry}[${slot}] ??= ${source})` : source;
}

/**
 * Each function's callee text, built once per owner (a driver keeps one): stringifying and
 * hashing a page function on every read would cost more than the read.
 */
export class PageCallees {
  // deno-lint-ignore ban-types
  readonly #callees = new WeakMap<Function, string>();

  // deno-lint-ignore ban-types
  of(fn: Function): string {
    let callee = this.#callees.get(fn);
    if (callee === undefined) {
      callee = calleeOf(fn);
      this.#callees.set(fn, callee);
    }
    return callee;
  }
}

/**
 * The expression that calls `fn(arg)`: a named function is looked up in (or added to) the
 * document's registry under its name and a hash of its source; an anonymous one is evaluated in
 * place. `callees` caches the callee text; without it, it is built for this call.
 *
 * @example
 * ```ts
 * pageCallExpression(function scan(a) { return a.n; }, { n: 1 });
 * // ((globalThis[Symbol.for("bajutsu.pageFunctions")] ??= {})["scan:1x2y3z"] ??= (function scan(a) {…}))({"n":1})
 * ```
 */
// deno-lint-ignore ban-types
export function pageCallExpression(fn: Function, arg: unknown, callees?: PageCallees): string {
  const callee = callees ? callees.of(fn) : calleeOf(fn);
  return arg === undefined ? `${callee}()` : `${callee}(${JSON.stringify(arg)})`;
}

/** What CDP answers to `Runtime.evaluate` (the fields we read). */
interface EvaluateReply {
  result: { type: string; value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/**
 * Runs `fn(arg)` in the page's main world and returns its JSON value (promises are awaited).
 * A throw inside the page becomes an `Error` carrying the page's message; protocol errors (the
 * document went away mid-call) propagate as Playwright raises them. Pass the caller's
 * {@link PageCallees} to build each callee text once.
 */
export async function cdpPageCall<R, A>(
  session: CDPSession,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
  callees?: PageCallees,
): Promise<R> {
  const reply = await session.send("Runtime.evaluate", {
    expression: pageCallExpression(fn, arg, callees),
    returnByValue: true,
    awaitPromise: true,
  }) as EvaluateReply;
  if (reply.exceptionDetails) {
    const d = reply.exceptionDetails;
    throw new Error(d.exception?.description ?? d.text);
  }
  return reply.result.value as R;
}
