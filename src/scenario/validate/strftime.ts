/**
 * The strftime subset `generate.datetime.format` may use. The loader rejects any other directive
 * (an "unrenderable format", docs/scenario-language.md#producers-http-totp-generate), so the
 * runtime renderer only has to implement this set.
 *
 * @module
 */

/**
 * Directive letters accepted after `%`: a A b B c d D e F G H I j m M p S T u V w W x X y Y z Z,
 * plus `%%`, `%f` (microseconds) and the no-padding flag `%-` before d e H I j m M S y.
 */
export const STRFTIME_DIRECTIVES: ReadonlySet<string> = new Set(
  "aAbBcdDeFfGHIjmMpSTuVwWxXyYzZ%".split(""),
);

/** Directives that take the glibc `-` (no padding) flag. */
export const STRFTIME_UNPADDED: ReadonlySet<string> = new Set("deHIjmMSy".split(""));

/** The first problem of a format string, or undefined when every directive is supported. */
export function strftimeProblem(format: string): string | undefined {
  if (format === "") return "format must not be empty";
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== "%") continue;
    let d = format[i + 1];
    if (d === undefined) return "format ends with a lone %";
    if (d === "-") {
      d = format[i + 2];
      if (d === undefined || !STRFTIME_UNPADDED.has(d)) {
        return `unsupported directive %-${d ?? ""}`;
      }
      i += 2;
      continue;
    }
    if (!STRFTIME_DIRECTIVES.has(d)) return `unsupported directive %${d}`;
    i++;
  }
  return undefined;
}
