/**
 * Key names of the `press` step, defined once for every backend (docs/scenario-language.md#press-and-hover).
 * A chord is zero or more modifiers and one key, joined by `+`: `Enter`, `Shift+Tab`,
 * `Control+A`. Keys are the named keys below or one printable character; each backend maps a
 * chord to its own input (the web backend to Playwright key names; iOS and Android map the same
 * names to their key codes).
 *
 * @example
 * ```ts
 * import { formatKeyChord, parseKeyChord } from "./key_chord.ts";
 * const chord = parseKeyChord("Control+A");
 * if ("error" in chord) throw new Error(chord.error);
 * formatKeyChord(chord); // "Control+A"
 * ```
 *
 * @module
 */

/** Keys with a name (not a character). */
export const NAMED_KEYS = [
  "Enter",
  "Escape",
  "Tab",
  "Backspace",
  "Delete",
  "Space",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
] as const;

/** A named key. */
export type NamedKey = typeof NAMED_KEYS[number];

/** Modifier keys, held while the key is pressed. */
export const MODIFIERS = ["Control", "Shift", "Alt", "Meta"] as const;

/** A modifier key. */
export type Modifier = typeof MODIFIERS[number];

/**
 * One key press with its modifiers: `key` is a {@link NamedKey} or one printable ASCII
 * character (letters as written; `Control+A` and `Control+a` are the same chord).
 *
 * @example
 * ```ts
 * const selectAll: KeyChord = { modifiers: ["Control"], key: "A" };
 * ```
 */
export interface KeyChord {
  modifiers: Modifier[];
  key: string;
}

const NAMED: ReadonlySet<string> = new Set(NAMED_KEYS);
const MODS: ReadonlySet<string> = new Set(MODIFIERS);

/** Common spellings of named keys, for the error's suggestion. */
const ALIASES: Readonly<Record<string, string>> = {
  return: "Enter",
  esc: "Escape",
  del: "Delete",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
  ctrl: "Control",
  control: "Control",
  cmd: "Meta",
  command: "Meta",
  option: "Alt",
  " ": "Space",
};

/** A named key or modifier spelled with other capitals or an alias, for the error's hint. */
function suggestion(part: string): string | null {
  const lower = part.toLowerCase();
  const all = [...NAMED_KEYS, ...MODIFIERS];
  return all.find((k) => k.toLowerCase() === lower) ?? ALIASES[lower] ?? null;
}

/**
 * Parses `Modifier+…+Key`. Returns the chord, or `{error}` naming what is wrong (an unknown
 * key or modifier, a modifier used as the key, a repeated modifier).
 *
 * @example
 * ```ts
 * parseKeyChord("Shift+Tab"); // { modifiers: ["Shift"], key: "Tab" }
 * parseKeyChord("Ctrl+A"); // { error: 'unknown modifier "Ctrl" (did you mean Control?) …' }
 * ```
 */
export function parseKeyChord(text: string): KeyChord | { error: string } {
  // A literal "+" key is the last part: "Shift++" splits as ["Shift", "", ""].
  const parts = text.endsWith("++")
    ? [...text.slice(0, -2).split("+"), "+"]
    : text === "+"
    ? ["+"]
    : text.split("+");
  const key = parts[parts.length - 1];
  const modifiers: Modifier[] = [];
  for (const part of parts.slice(0, -1)) {
    if (!MODS.has(part)) {
      const hint = suggestion(part);
      return {
        error:
          `unknown modifier ${JSON.stringify(part)}${hint ? ` (did you mean ${hint}?)` : ""}; ` +
          `modifiers are ${MODIFIERS.join(", ")}`,
      };
    }
    if (modifiers.includes(part as Modifier)) {
      return { error: `modifier ${part} is given twice in ${JSON.stringify(text)}` };
    }
    modifiers.push(part as Modifier);
  }
  if (NAMED.has(key)) return { modifiers, key };
  if (key.length === 1 && key >= " " && key <= "~" && key !== " ") return { modifiers, key };
  if (MODS.has(key)) {
    return { error: `${key} is a modifier: press it with a key, e.g. ${key}+A` };
  }
  const hint = suggestion(key);
  return {
    error: `unknown key ${JSON.stringify(key)}${hint ? ` (did you mean ${hint}?)` : ""}; ` +
      `keys are one printable character or ${NAMED_KEYS.join(", ")}`,
  };
}

/**
 * The chord as the DSL writes it.
 *
 * @example
 * ```ts
 * formatKeyChord({ modifiers: ["Control", "Shift"], key: "Z" }); // "Control+Shift+Z"
 * ```
 */
export function formatKeyChord(chord: KeyChord): string {
  return [...chord.modifiers, chord.key].join("+");
}
