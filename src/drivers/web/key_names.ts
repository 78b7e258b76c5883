/**
 * Our key chords (src/model/key_chord.ts) as Playwright key strings. A letter pressed with Control,
 * Alt or Meta is sent lower case, so `Control+A` is the select-all chord, not Control+Shift+A.
 *
 * @module
 */
import type { KeyChord } from "../../model/key_chord.ts";

/**
 * The Playwright `keyboard.press` argument for a chord.
 *
 * @example
 * ```ts
 * playwrightKey({ modifiers: ["Control"], key: "A" }); // "Control+a"
 * playwrightKey({ modifiers: ["Shift"], key: "Tab" }); // "Shift+Tab"
 * playwrightKey({ modifiers: [], key: "Space" }); // "Space"
 * ```
 */
export function playwrightKey(chord: KeyChord): string {
  const command = chord.modifiers.some((m) => m !== "Shift");
  const letter = /^[A-Za-z]$/.test(chord.key);
  const key = letter && command ? chord.key.toLowerCase() : chord.key;
  return [...chord.modifiers, key].join("+");
}
