/**
 * Input quoted in error messages is bounded (docs/input-limits.md): a 20 MB scalar must not make
 * a 20 MB error line. Long text keeps its start and says how much was left out.
 *
 * @module
 */
import { MAX_QUOTED_CHARS } from "./limits.ts";

/**
 * `text` when it has at most `max` characters; otherwise its first `max` characters followed by
 * `…(N more characters)`.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = cutPoint(text, max);
  return text.slice(0, keep) + omitted(text.length - keep);
}

/** A value quoted for an error message: JSON string syntax, at most `MAX_QUOTED_CHARS` of it. */
export function quoteInput(value: string): string {
  if (value.length <= MAX_QUOTED_CHARS) return JSON.stringify(value);
  const keep = cutPoint(value, MAX_QUOTED_CHARS);
  return JSON.stringify(value.slice(0, keep)) + omitted(value.length - keep);
}

/** Where to cut so a surrogate pair is never split (half of one prints as `�`). */
function cutPoint(text: string, max: number): number {
  const last = text.charCodeAt(max - 1);
  return last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
}

function omitted(n: number): string {
  return `…(${n} more characters)`;
}
