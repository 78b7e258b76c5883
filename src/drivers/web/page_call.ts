/**
 * Calling our page functions on Chromium straight over CDP `Runtime.evaluate`, in the page's main
 * world as `page.evaluate` does, without Playwright's per-call wrapping (about a millisecond per
 * read here). A named function is defined once per document under a registry symbol and then only
 * called: V8 keeps its optimised code between calls, where a freshly evaluated copy would start
 * cold every time. A call first sends only the lookup (a few dozen bytes, not the function's
 * source, which the page would otherwise parse on every read); when the document has no entry yet
 * (a new page), it sends the defining expression (bench/web.ts has the figures).
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

/** What a call of a named page function answers when the document has not defined it yet. */
export const MISSING_FUNCTION = "\u0000bajutsu:missing-page-function";

/** The callee texts of one function: defining (or inline), and lookup-only (named only). */
interface Callee {
  define: string;
  lookup: string | null;
}

/** The callee texts of `fn`: registry lookup and definition (named), or its source (anonymous). */
// deno-lint-ignore ban-types
function calleeOf(fn: Function): Callee {
  const source = `(${fn.toString()})`;
  if (!fn.name) return { define: source, lookup: null };
  const key = `Symbol.for(${JSON.stringify(PAGE_FUNCTIONS_KEY)})`;
  const slot = JSON.stringify(`${fn.name}:${sourceHash(source)}`);
  return {
    define: `((globalThis[${key}] ??= {})[${slot}] ??= ${source})`,
    lookup: `(globalThis[${key}] ?? {})[${slot}]`,
  };
}

/**
 * Each function's callee text, built once per owner (a driver keeps one): stringifying and
 * hashing a page function on every read would cost more than the read.
 */
export class PageCallees {
  // deno-lint-ignore ban-types
  readonly #callees = new WeakMap<Function, Callee>();

  /** The defining (or inline) callee text. */
  // deno-lint-ignore ban-types
  of(fn: Function): string {
    return this.#entry(fn).define;
  }

  /** The lookup-only callee text of a named function; null for an anonymous one. */
  // deno-lint-ignore ban-types
  lookup(fn: Function): string | null {
    return this.#entry(fn).lookup;
  }

  // deno-lint-ignore ban-types
  #entry(fn: Function): Callee {
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
  const callee = callees ? callees.of(fn) : calleeOf(fn).define;
  return arg === undefined ? `${callee}()` : `${callee}(${JSON.stringify(arg)})`;
}

/**
 * The expression that calls a named `fn` already in the document's registry, answering
 * {@link MISSING_FUNCTION} when it is not there; null for an anonymous function.
 *
 * @example
 * ```ts
 * pageLookupExpression(function scan(a) { return a.n; }, { n: 1 });
 * // ((f) => f === undefined ? "\u0000bajutsu:missing-page-function" : f({"n":1}))(…["scan:1x2y3z"])
 * ```
 */
export function pageLookupExpression(
  // deno-lint-ignore ban-types
  fn: Function,
  arg: unknown,
  callees?: PageCallees,
): string | null {
  const lookup = callees ? callees.lookup(fn) : calleeOf(fn).lookup;
  if (lookup === null) return null;
  const call = arg === undefined ? "f()" : `f(${JSON.stringify(arg)})`;
  return `((f) => f === undefined ? ${JSON.stringify(MISSING_FUNCTION)} : ${call})(${lookup})`;
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
  return await callThrough((expression) => evaluate(session, expression), fn, arg, callees);
}

/**
 * The lookup first (the function is already in the document), its whole source only when the
 * document lacks it; `run` evaluates one expression in the target document.
 */
async function callThrough<R, A>(
  run: (expression: string) => Promise<unknown>,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
  callees?: PageCallees,
): Promise<R> {
  const lookup = pageLookupExpression(fn, arg, callees);
  if (lookup !== null) {
    const value = await run(lookup);
    if (value !== MISSING_FUNCTION) return value as R;
  }
  return await run(pageCallExpression(fn, arg, callees)) as R;
}

async function evaluate(session: CDPSession, expression: string): Promise<unknown> {
  const reply = await session.send("Runtime.evaluate", {
    expression,
    returnByValue: true,
    awaitPromise: true,
  }) as EvaluateReply;
  if (reply.exceptionDetails) {
    const d = reply.exceptionDetails;
    throw new Error(d.exception?.description ?? d.text);
  }
  return reply.result.value;
}

/** The part of a Playwright frame a page call needs (its `evaluate` of an expression). */
export interface ExpressionFrame {
  evaluate(expression: string): Promise<unknown>;
}

/**
 * Runs `fn(arg)` in a child frame's main world through Playwright's frame API, which reaches
 * out-of-process frames, with the same registry as {@link cdpPageCall}: the function's source
 * crosses once per document, later calls send only the lookup.
 */
export async function framePageCall<R, A>(
  frame: ExpressionFrame,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
  callees?: PageCallees,
): Promise<R> {
  return await callThrough((expression) => frame.evaluate(expression), fn, arg, callees);
}
