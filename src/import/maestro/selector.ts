/**
 * Maestro element selectors → bajutsu selectors (docs/import-maestro.md#selectors). `text`
 * becomes `label` (or `labelMatches` for a regex), `id` becomes `id` (or `idMatches` for a
 * `.*` glob), `index`, `enabled: false`, `selected`/`checked: true` and `childOf` (as `within`)
 * carry over; the positional and structural fields have no bajutsu form.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import { compilePattern } from "../../selectors/regex.ts";
import { Untranslatable } from "./findings.ts";
import {
  boolOf,
  type EnvScope,
  escapeRegex,
  HOLE,
  literalOf,
  restore,
  scalarText,
  substitute,
} from "./values.ts";

/** A bajutsu selector, keys in the scenario language's order. */
export interface ImportedSelector {
  id?: string;
  idMatches?: string;
  label?: string;
  labelMatches?: string;
  traits?: string[];
  within?: ImportedSelector;
  index?: number;
}

/** Command options that share the selector's mapping (read by the command, not the selector). */
const COMMAND_OPTIONS: ReadonlySet<string> = new Set([
  "optional",
  "retryTapIfNoChange",
  "waitUntilVisible",
  "point",
  "repeat",
  "delay",
  "waitToSettleTimeoutMs",
  "label",
]);

const NO_FORM: Record<string, string> = {
  below: "bajutsu selectors have no relative position",
  above: "bajutsu selectors have no relative position",
  leftOf: "bajutsu selectors have no relative position",
  rightOf: "bajutsu selectors have no relative position",
  containsChild: "bajutsu selectors cannot select a parent by its children",
  containsDescendants: "bajutsu selectors cannot select a parent by its descendants",
  width: "bajutsu selectors do not match sizes",
  height: "bajutsu selectors do not match sizes",
  tolerance: "bajutsu selectors do not match sizes",
  traits: "Maestro's text/long-text/square traits have no bajutsu trait",
  focused: "bajutsu selectors have no focus state",
  start: "a swipe's start point is not a selector field",
  end: "a swipe's end point is not a selector field",
};

const SELECTOR_INSTEAD =
  "give the element an accessibility identifier (`id`), or scope it with `within` a container and `index`";

/** Translates a Maestro selector (a string is its `text`); throws `Untranslatable`. */
export function translateSelector(node: PNode, scope: EnvScope): ImportedSelector {
  if (node.kind === "scalar") {
    const text = scalarText(node);
    if (text === undefined || text === "") throw emptySelector();
    return textSelector(text, scope);
  }
  if (node.kind !== "map") throw emptySelector();
  const out: ImportedSelector = {};
  const traits: string[] = [];
  for (const { key, value } of node.entries) {
    if (COMMAND_OPTIONS.has(key)) continue;
    switch (key) {
      case "text": {
        const text = scalarText(value);
        if (text !== undefined) Object.assign(out, textSelector(text, scope));
        break;
      }
      case "id": {
        const id = scalarText(value);
        if (id !== undefined) Object.assign(out, idSelector(id, scope));
        break;
      }
      case "index": {
        const t = scalarText(value);
        const n = t === undefined ? NaN : Number(substitute(t, scope).text);
        if (!Number.isInteger(n)) {
          throw new Untranslatable(
            "SELECTOR",
            `index ${JSON.stringify(t)} is not an integer`,
            "write the index as a number",
          );
        }
        out.index = n;
        break;
      }
      case "enabled":
        if (boolOf(value) === false) traits.push("notEnabled");
        else throw noNegation("enabled: true", "notEnabled");
        break;
      case "selected":
      case "checked":
        if (boolOf(value) === true) traits.push("selected");
        else throw noNegation(`${key}: false`, "selected");
        break;
      case "childOf": {
        const parent = translateSelector(value, scope);
        if (parent.index !== undefined) {
          throw new Untranslatable(
            "SELECTOR",
            "childOf with an index: a bajutsu `within` uses every match of its selector",
            "make the container's selector unique instead of indexing it",
          );
        }
        out.within = parent;
        break;
      }
      default:
        throw new Untranslatable(
          "SELECTOR",
          NO_FORM[key] ? `${key}: ${NO_FORM[key]}` : `unknown selector field ${key}`,
          SELECTOR_INSTEAD,
        );
    }
  }
  if (traits.length > 0) out.traits = traits;
  if (
    out.id === undefined && out.idMatches === undefined && out.label === undefined &&
    out.labelMatches === undefined && out.traits === undefined
  ) {
    throw emptySelector();
  }
  return ordered(out);
}

/**
 * `text`: Maestro matches the whole text as a case-insensitive regex. Plain text is an exact
 * `label`; `.*word.*`, `word.*` and `.*word` a case-insensitive `labelMatches` substring, prefix
 * or suffix; any other regex is anchored.
 */
function textSelector(raw: string, scope: EnvScope): ImportedSelector {
  const { text, tokens } = substitute(raw, scope);
  const literal = literalOf(text);
  if (literal !== null) return { label: restore(literal, tokens) };
  const simple = simplePattern(text);
  if (simple !== null) return { labelMatches: restore(simple, tokens) };
  // Maestro matches case-insensitively, `.` across line breaks, the whole text.
  const pattern = `(?is)^(?:${text})$`;
  try {
    compilePattern(pattern.replaceAll(HOLE, "x"));
  } catch {
    throw new Untranslatable(
      "SELECTOR",
      `text ${JSON.stringify(raw)} is a regular expression JavaScript cannot compile`,
      "rewrite it as a `labelMatches` pattern",
    );
  }
  return { labelMatches: restore(pattern, tokens) };
}

/** `.*word.*`, `word.*`, `.*word` as a substring, prefix or suffix test; null for other patterns. */
function simplePattern(text: string): string | null {
  const m = /^(\.\*)?(.*?)(\.\*)?$/s.exec(text)!;
  const word = literalOf(m[2]);
  if ((!m[1] && !m[3]) || word === null || word === "") return null;
  return `(?i)${m[1] ? "" : "^"}${escapeRegex(word)}${m[3] ? "" : "$"}`;
}

/**
 * `id`: Maestro matches the resource id, with or without its package prefix, as a regex. A
 * literal becomes `id` (the part after the last `/`, as bajutsu's Android ids are); `.*`
 * wildcards become an `idMatches` glob.
 */
function idSelector(raw: string, scope: EnvScope): ImportedSelector {
  const { text, tokens } = substitute(raw, scope);
  const literal = literalOf(text);
  if (literal !== null) return { id: restore(withoutPrefix(literal), tokens) };
  const parts = text.split(".*").map(literalOf);
  if (parts.every((p) => p !== null && !/[*?[\]]/.test(p))) {
    const glob = (parts as string[]).join("*");
    return { idMatches: restore(glob.startsWith("*") ? glob : withoutPrefix(glob), tokens) };
  }
  throw new Untranslatable(
    "SELECTOR",
    `id ${JSON.stringify(raw)} is a regular expression with no glob form`,
    "match the id exactly, or with `idMatches` and * wildcards",
  );
}

function withoutPrefix(id: string): string {
  return id.slice(id.lastIndexOf("/") + 1);
}

function ordered(s: ImportedSelector): ImportedSelector {
  const out: ImportedSelector = {};
  for (
    const k of ["id", "idMatches", "label", "labelMatches", "traits", "within", "index"] as const
  ) {
    if (s[k] !== undefined) (out as Record<string, unknown>)[k] = s[k];
  }
  return out;
}

function emptySelector(): Untranslatable {
  return new Untranslatable("SELECTOR", "the selector names no text or id", SELECTOR_INSTEAD);
}

function noNegation(what: string, trait: string): Untranslatable {
  return new Untranslatable(
    "SELECTOR",
    `${what}: a bajutsu selector can require the ${trait} trait but not its absence`,
    "select the element by id or text alone, then check its state with an assertion",
  );
}
