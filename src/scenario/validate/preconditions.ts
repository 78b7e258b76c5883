/**
 * `preconditions` (docs/scenario-language.md#preconditions), defaults filled: reinstall clean, no
 * extra launch args or env.
 *
 * @module
 */
import type { PNode } from "../../yaml/pnode.ts";
import type { Preconditions } from "../types.ts";
import { keyPath } from "../../yaml/read_context.ts";
import type { ValidationContext } from "./validation_context.ts";
import { closedMap } from "../../yaml/mapping.ts";
import { bool, nonEmptyStr, oneOf, str, strList, strMap } from "../../yaml/scalars.ts";

const PRE_KEYS: ReadonlySet<string> = new Set([
  "erase",
  "reinstall",
  "launchArgs",
  "launchEnv",
  "deeplink",
  "url",
  "locale",
  "setup",
]);

/** The defaults of an absent `preconditions`. */
export function defaultPreconditions(): Preconditions {
  return { reinstall: "clean", launchArgs: [], launchEnv: {} };
}

/** The `preconditions` mapping. */
export function preconditions(
  ctx: ValidationContext,
  node: PNode,
  path: string,
): Preconditions {
  const out = defaultPreconditions();
  const m = closedMap(ctx, node, path, PRE_KEYS, "preconditions");
  if (!m) return out;
  for (const e of m.entries) {
    const p = keyPath(path, e.key);
    switch (e.key) {
      case "erase":
        out.erase = bool(ctx, e.value, p);
        break;
      case "reinstall":
        out.reinstall = oneOf(ctx, e.value, p, ["clean", "overwrite"] as const) ?? "clean";
        break;
      case "launchArgs":
        out.launchArgs = strList(ctx, e.value, p) ?? [];
        break;
      case "launchEnv":
        out.launchEnv = strMap(ctx, e.value, p) ?? {};
        break;
      case "deeplink":
        out.deeplink = str(ctx, e.value, p);
        break;
      case "url":
        out.url = nonEmptyStr(ctx, e.value, p);
        break;
      case "locale":
        out.locale = str(ctx, e.value, p);
        break;
      case "setup":
        out.setup = nonEmptyStr(ctx, e.value, p);
        break;
    }
  }
  return out;
}
