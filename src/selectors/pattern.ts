/**
 * Run-time regex compilation with a typed failure. Patterns reach us after `${vars.*}`
 * substitution, so a load-time check cannot vouch for them.
 *
 * @module
 */
import { InvalidRegex } from "./errors.ts";
import { compilePattern } from "./regex.ts";

/** The engine's own prefix (`Invalid regular expression: /…/flags: `) repeats the pattern. */
const ENGINE_PREFIX = /^Invalid regular expression: \/.*\/[a-z]*: /s;

/**
 * Compiles a Python-style pattern (`compilePattern`), throwing `InvalidRegex` instead of a bare
 * `SyntaxError`.
 *
 * @example
 * ```ts
 * compileRegex("(?i)^ok").test("OK!"); // true
 * compileRegex("(");                   // throws InvalidRegex: invalid regex: "(": Unterminated group
 * ```
 */
export function compileRegex(pattern: string): RegExp {
  try {
    return compilePattern(pattern);
  } catch (e) {
    if (e instanceof InvalidRegex) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new InvalidRegex(pattern, message.replace(ENGINE_PREFIX, ""));
  }
}
