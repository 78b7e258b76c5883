/**
 * Case-sensitive shell-style globs for `idMatches` (docs/scenario-language.md#selectors), with the
 * semantics of Python's `fnmatch.fnmatchcase`: `*` any run (dots and newlines included), `?` one
 * character, `[seq]` a set, `[!seq]` its complement; an unclosed `[` is a literal, and there is
 * no escape character.
 *
 * @module
 */

/** Characters that must be escaped to stand for themselves in a RegExp (outside a class). */
const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

function escapeLiteral(ch: string): string {
  return ch.replace(REGEX_SPECIAL, "\\$&");
}

/** Escapes a character for use inside a RegExp character class. */
function escapeInClass(ch: string): string {
  return /[\\\]\[^-]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * Translates the body of a `[...]` set (without brackets and `!`) into RegExp class content.
 * Reversed ranges (`z-a`) are empty in fnmatch, so they are dropped rather than letting RegExp
 * throw "range out of order".
 */
function translateSet(body: string): string {
  let out = "";
  let i = 0;
  while (i < body.length) {
    const lo = body[i];
    if (i + 2 < body.length && body[i + 1] === "-") {
      const hi = body[i + 2];
      if (lo <= hi) out += `${escapeInClass(lo)}-${escapeInClass(hi)}`;
      i += 3;
    } else {
      out += escapeInClass(lo);
      i += 1;
    }
  }
  return out;
}

/**
 * Compiles a glob into an anchored RegExp (no `u` flag, `s` so `*` and `?` cross newlines).
 *
 * @example
 * ```ts
 * globToRegExp("home.*").test("home.list.row"); // true
 * ```
 */
export function globToRegExp(pattern: string): RegExp {
  let src = "";
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === "*") {
      // Consecutive stars mean the same as one; collapsing keeps the RegExp linear.
      while (pattern[i + 1] === "*") i++;
      src += ".*";
      i++;
    } else if (ch === "?") {
      src += ".";
      i++;
    } else if (ch === "[") {
      let j = i + 1;
      const negate = pattern[j] === "!";
      if (negate) j++;
      // A `]` right after `[` or `[!` is a member, not the end of the set.
      if (pattern[j] === "]") j++;
      while (j < pattern.length && pattern[j] !== "]") j++;
      if (j >= pattern.length) {
        src += "\\[";
        i++;
        continue;
      }
      const body = pattern.slice(i + 1 + (negate ? 1 : 0), j);
      const cls = translateSet(body);
      if (cls === "") src += negate ? "[^]" : "(?!)";
      else src += negate ? `[^${cls}]` : `[${cls}]`;
      i = j + 1;
    } else {
      src += escapeLiteral(ch);
      i++;
    }
  }
  return new RegExp(`^(?:${src})$`, "s");
}

/**
 * Whether `text` matches the glob `pattern` (case-sensitive, whole string).
 *
 * @example
 * ```ts
 * globMatch("row.[!0]*", "row.12"); // true
 * globMatch("Row.*", "row.1");      // false
 * ```
 */
export function globMatch(pattern: string, text: string): boolean {
  return globToRegExp(pattern).test(text);
}
