/**
 * Terminal-safe text (docs/cli.md): author-written text (scenario and step names, manual labels,
 * failure reasons quoting the app) reaches stdout and stderr only through these functions, so a
 * name cannot move the cursor, recolour the terminal, reorder what is shown, or start a new line
 * that a CI system reads as a command (`::error::…` under GitHub Actions).
 *
 * @module
 */

/**
 * What is escaped: C0 controls (newline and tab too), DEL, C1 controls, format characters
 * (bidi overrides and isolates, zero-width and invisible characters, tag characters), line and
 * paragraph separators, and unpaired surrogates. U+200C/U+200D (zero-width non-joiner/joiner)
 * stay: emoji sequences and several scripts need them, and they cannot reorder or hide text.
 */
const UNSAFE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeChar(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const cp = ch.codePointAt(0)!;
  const hex = cp.toString(16);
  return cp <= 0xff ? `\\x${hex.padStart(2, "0")}` : `\\u{${hex}}`;
}

/**
 * `text` as one safe line: every unsafe character becomes a visible escape (`\n`, `\x1b`,
 * `\u{202e}`). Backslashes are left alone, so paths and regexes read as written; applying it
 * twice changes nothing.
 *
 * @example
 * ```ts
 * printable("login\n::add-mask::x"); // "login\\n::add-mask::x"
 * printable("\x1b[31mred\u202e"); // "\\x1b[31mred\\u{202e}"
 * ```
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** Like `printable`, but keeps line breaks (`\n`) for text that is meant to span lines. */
export function printableLines(text: string): string {
  return text.split("\n").map(printable).join("\n");
}

/** Where a command writes its lines (`CliIo` fits). */
export interface LineOutput {
  stdout(line: string): void;
  stderr(line: string): void;
}

/** `io` with every line made `printable`: commands that print one line per call use this. */
export function printableIo<T extends LineOutput>(io: T): T {
  return {
    ...io,
    stdout: (line: string) => io.stdout(printable(line)),
    stderr: (line: string) => io.stderr(printable(line)),
  };
}
