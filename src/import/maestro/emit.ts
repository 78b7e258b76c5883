/**
 * Writes an imported scenario as YAML in the scenario language, with the Maestro commands left
 * out as comments where they stood (docs/import-maestro.md#the-output). Small values are written
 * in flow style (`tap: { label: Login }`), step lists in block style.
 *
 * @module
 */
import { stringify } from "yaml";
import { type OutItem, StepList, stepsOf } from "./out_items.ts";
import type { ImportedScenario } from "./scenario.ts";

/** The scenario file's text. */
export function emitScenario(s: ImportedScenario): string {
  const out: string[] = [
    "# Imported from Maestro by `bajutsu import maestro` (docs/import-maestro.md).",
    `# Source: ${s.source}${s.appId ? ` (appId: ${s.appId})` : ""}`,
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
      for (const line of it.lines) out.push(`${pad}# ${line.replace(/[\r\n]/g, " ")}`.trimEnd());
    } else mapItem(it.step, pad, out);
  }
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

/** One value on one line: flow style, strings quoted when YAML needs it. */
function flow(value: unknown): string {
  return stringify(value, { collectionStyle: "flow", lineWidth: 0, blockQuote: false }).trimEnd();
}
