/**
 * Regex compilation shared by selectors, assertions, request matchers and the loader.
 *
 * Scenario files are written for Python's `re`; JS `RegExp` covers the common subset once two
 * Python spellings are rewritten (docs/scenario-language.md#selectors). No `u` flag: it would
 * reject stray `{` and other lenient escapes Python accepts.
 *
 * @module
 */

/** Leading inline flags we can map onto JS flags (`(?i)`, and the harmless `m`/`s` too). */
const LEADING_FLAGS = /^\(\?([ims]+)\)/;

/**
 * Compiles a Python-style pattern to a JS `RegExp` (never global, so `test` is stateless).
 * A leading `(?i)` becomes the `i` flag, `(?P<name>` becomes `(?<name>` and `(?P=name)` becomes
 * `\k<name>`. Throws `SyntaxError` for an invalid pattern.
 *
 * @example
 * compilePattern("(?i)^sign in$").test("Sign In"); // true
 */
export function compilePattern(pattern: string): RegExp {
  let source = pattern;
  let flags = "";
  const lead = LEADING_FLAGS.exec(source);
  if (lead) {
    flags = [...new Set(lead[1])].join("");
    source = source.slice(lead[0].length);
  }
  if (source.includes("(?P")) source = rewriteNamedGroups(source);
  return new RegExp(source, flags);
}

/** Rewrites `(?P<` and `(?P=name)` outside escapes (`\(?P<` is a literal paren, left alone). */
function rewriteNamedGroups(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "(" && source.startsWith("(?P<", i)) {
      out += "(?<";
      i += 3;
      continue;
    }
    if (c === "(" && source.startsWith("(?P=", i)) {
      const end = source.indexOf(")", i);
      if (end > 0) {
        out += `\\k<${source.slice(i + 4, end)}>`;
        i = end;
        continue;
      }
    }
    out += c;
  }
  return out;
}
