/**
 * The merge rules layering uses (docs/configuration.md#layering): ordered unions for lists,
 * per-list union for `redact`, field-by-field for `ai`.
 *
 * @module
 */
import type { Redact } from "../scenario/types.ts";
import type { AiSettings } from "./types.ts";

/** `a` then the entries of `b` not already present, first occurrence wins. */
export function orderedUnion(a: readonly string[] = [], b: readonly string[] = []): string[] {
  return [...new Set([...a, ...b])];
}

const REDACT_LISTS = ["labels", "headers", "fields", "unmaskHeaders"] as const;
const REDACT_FLAGS = ["unmaskSecureFields", "unmaskCredentialNames"] as const;

/** Each list is the ordered union of both sides; a flag set on `over` wins over `base`. */
export function mergeRedact(base: Redact = {}, over: Redact = {}): Redact {
  const out: Redact = {};
  for (const k of REDACT_LISTS) {
    if (base[k] !== undefined || over[k] !== undefined) out[k] = orderedUnion(base[k], over[k]);
  }
  for (const k of REDACT_FLAGS) {
    const v = over[k] ?? base[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Field by field, target wins; `pricing` is replaced wholesale. undefined when neither is set. */
export function mergeAi(
  base: AiSettings | undefined,
  over: AiSettings | undefined,
): AiSettings | undefined {
  if (base === undefined && over === undefined) return undefined;
  const out: AiSettings = { ...base };
  for (const [k, v] of Object.entries(over ?? {})) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
