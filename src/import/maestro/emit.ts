/**
 * Writes an imported scenario as YAML in the scenario language, with the Maestro commands left
 * out as comments where they stood (docs/import-maestro.md#the-output). Small values are written
 * in flow style (`tap: { label: Login }`), step lists in block style.
 *
 * @module
 */
import { type OutItem, StepList, stepsOf } from "./out_items.ts";
import type { ImportedScenario } from "./scenario.ts";

/** The scenario file's text. */
export function emitScenario(s: ImportedScenario): string {
  const out: string[] = [
    "# Imported from Maestro by `bajutsu import maestro` (docs/import-maestro.md).",
    oneLine(`# Source: ${s.source}${s.appId ? ` (appId: ${s.appId})` : ""}`),
  ];
  if (s.secrets.length > 0) {
    out.push(
      `# Read from the environment: ${
        s.secrets.join(", ")
      } (list them under the config's secrets).`,
    );
  }
  const scenario: Record<string, unknown> = { name: s.name, from: `maestro ${s.source}` };
  if (s.tags.length > 0) scenario.tags = s.tags;
  if (Object.keys(s.preconditions).length > 0) scenario.preconditions = s.preconditions;
  if (s.before.length > 0) scenario.before = new StepList(s.before);
  scenario.steps = new StepList(s.steps);
  if (s.after.length > 0) scenario.after = [{ steps: new StepList(s.after) }];
  mapItem(scenario, "", out);
  return out.join("\n") + "\n";
}

/** A mapping as an item of a block sequence at `pad`. */
function mapItem(obj: Record<string, unknown>, pad: string, out: string[]): void {
  Object.entries(obj).forEach(([k, v], i) =>
    entry(k, v, `${pad}  `, out, i === 0 ? `${pad}- ` : `${pad}  `)
  );
}

/** `key: value` with the key at `pad` (the first line starting with `lead`). */
function entry(key: string, value: unknown, pad: string, out: string[], lead = pad): void {
  const k = flow(key);
  if (value instanceof StepList) {
    if (stepsOf(value.items).length === 0) {
      items(value.items, pad, out);
      out.push(`${lead}${k}: []`);
      return;
    }
    out.push(`${lead}${k}:`);
    items(value.items, `${pad}  `, out);
    return;
  }
  if (Array.isArray(value) && holdsStepList(value)) {
    out.push(`${lead}${k}:`);
    for (const el of value) mapItem(el as Record<string, unknown>, `${pad}  `, out);
    return;
  }
  if (isMap(value) && holdsStepList(value)) {
    out.push(`${lead}${k}:`);
    for (const [k2, v2] of Object.entries(value)) entry(k2, v2, `${pad}  `, out);
    return;
  }
  out.push(`${lead}${k}: ${flow(value)}`);
}

function items(list: OutItem[], pad: string, out: string[]): void {
  for (const it of list) {
    if (it.kind === "comment") {
      for (const line of it.lines) out.push(oneLine(`${pad}# ${line}`).trimEnd());
    } else mapItem(it.step, pad, out);
  }
}

/** A comment line stays one line whatever the flow's text holds. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]/g, " ");
}

function holdsStepList(value: unknown): boolean {
  if (value instanceof StepList) return true;
  if (Array.isArray(value)) return value.some(holdsStepList);
  return isMap(value) && Object.values(value).some(holdsStepList);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) &&
    !(value instanceof StepList);
}

/** One value on one line, in flow style: `{ id: a }`, `[ x, y ]`, strings quoted unless plain. */
function flow(value: unknown): string {
  if (typeof value === "string") return plain(value) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[ ${value.map(flow).join(", ")} ]`;
  if (isMap(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${flow(k)}: ${flow(v)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return String(value);
}

/**
 * Text that reads back as the same string when written bare, in a flow collection too: it starts
 * with a letter, holds no YAML indicator, and is not a word YAML or a reader might take for a
 * boolean or null. Everything else is written as a JSON string (valid YAML double quotes).
 */
function plain(s: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_ .\-@/]*$/.test(s) && !/\s$/.test(s) &&
    !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s);
}
