/**
 * Reading Maestro command values: scalars, `${…}` substitution and the regexes Maestro's `text`
 * and `id` are matched with (docs/import-maestro.md#text-ids-and-variables).
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { getEntry } from "../../yaml/pnode.ts";
import { Untranslatable } from "./findings.ts";

/** Variables a flow can read: its `env` defaults (inlined) and the names sent to `${secrets.*}`. */
export interface EnvScope {
  /** Values given by the flow's `env`, a `runFlow`'s `env`, or the caller: substituted as text. */
  env: ReadonlyMap<string, string>;
  /** Names read from the environment (`${secrets.NAME}`); filled as they are met. */
  secrets: Set<string>;
}

/** The value of `key` in a mapping node. */
export function child(node: PNode | null, key: string): PNode | undefined {
  return node ? getEntry(node, key)?.value : undefined;
}

/** A scalar's text (numbers and booleans as written), else undefined. */
export function scalarText(node: PNode | null | undefined): string | undefined {
  if (!node || node.kind !== "scalar" || node.value === null) return undefined;
  return String(node.value);
}

/** A boolean scalar (`true`/`false`, also as text). */
export function boolOf(node: PNode | undefined): boolean | undefined {
  const t = scalarText(node);
  return t === "true" ? true : t === "false" ? false : undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOKEN = /(\\?)\$\{([^}]*)\}/g;
/** Marks a `${secrets.*}` token while a pattern is analysed (no regex meaning, never in YAML). */
const HOLE = "\u0001";

/** A string with its `${…}` resolved: env values spliced in, environment names kept as holes. */
export interface Substituted {
  text: string;
  /** The bajutsu token each hole stands for, in order. */
  tokens: string[];
}

/**
 * Resolves Maestro's `${…}` in `raw`: a name the flow's env defines becomes its value, another
 * plain name `${secrets.NAME}` (read from the environment at run time), `maestro.copiedText` the
 * variable `copyTextFrom` set; any other expression is JavaScript and cannot be translated.
 */
export function substitute(raw: string, scope: EnvScope): Substituted {
  const tokens: string[] = [];
  const text = raw.replace(TOKEN, (whole, escape: string, inner: string) => {
    if (escape) return whole.slice(1);
    const name = inner.trim();
    if (scope.env.has(name)) return scope.env.get(name)!;
    if (name === "maestro.copiedText") {
      tokens.push("${vars.copiedText}");
      return HOLE;
    }
    if (IDENTIFIER.test(name)) {
      scope.secrets.add(name);
      tokens.push(`\${secrets.${name}}`);
      return HOLE;
    }
    throw new Untranslatable(
      "SCRIPT",
      `\${${name}} is a JavaScript expression`,
      "compute the value outside the flow: an environment value (`${secrets.NAME}`), `generate`, or `extract` from the screen",
    );
  });
  return { text, tokens };
}

/** Puts the tokens back into the holes of `text`. */
export function restore(text: string, tokens: readonly string[]): string {
  let i = 0;
  return text.replace(new RegExp(HOLE, "g"), () => tokens[i++] ?? "");
}

/** A string option with `${…}` resolved into bajutsu tokens. */
export function textOf(node: PNode | null | undefined, scope: EnvScope): string | undefined {
  const raw = scalarText(node);
  if (raw === undefined) return undefined;
  const s = substitute(raw, scope);
  return restore(s.text, s.tokens);
}

/** A number option (milliseconds, counts); a `${…}` that is not a literal number is refused. */
export function numberOf(
  node: PNode | null | undefined,
  scope: EnvScope,
  what: string,
): number | undefined {
  const raw = scalarText(node);
  if (raw === undefined) return undefined;
  const s = substitute(raw, scope);
  const n = Number(s.text.trim());
  if (s.tokens.length > 0 || s.text.trim() === "" || !Number.isFinite(n)) {
    throw new Untranslatable(
      "OPTION",
      `${what} ${JSON.stringify(raw)} is not a number known when importing`,
      `write the ${what} as a number`,
    );
  }
  return n;
}

const REGEX_META: ReadonlySet<string> = new Set("^$|?*+()[]{}");

/**
 * The literal text a Maestro pattern matches when it uses no regex feature: characters, `.`
 * (which matches itself too) and escaped punctuation. Null for a real regex.
 */
export function literalOf(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
      continue;
    }
    if (REGEX_META.has(c)) return null;
    out += c;
  }
  return out;
}

/** Escapes regex metacharacters (a literal inside `labelMatches`). */
export function escapeRegex(s: string): string {
  return s.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}

export { HOLE };
