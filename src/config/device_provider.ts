/**
 * `deviceProvider` in the config (docs/configuration.md#deviceprovider): the reader of the block
 * and the checks that need the whole target (its platform, its declared secrets).
 *
 * - `kind`: `local` (default) or `appium`; `appium` needs `endpoint`.
 * - `endpoint`: an `http(s)://` URL, or a string that starts with a `${secrets.NAME}` token (the
 *   whole URL kept as a secret); checked when the run starts once the tokens are resolved.
 * - `capabilities`: any mapping, kept as written (vendor blocks such as `bstack:options` pass
 *   through untouched).
 * - Tokens in `endpoint` and `capabilities` must be `${secrets.NAME}` with NAME declared under
 *   `secrets` (the target's or `defaults`'): nothing else is bound there.
 * - `kind: appium` drives iOS and Android targets only.
 *
 * @module
 */
import { getEntry, type PNode, toPlain } from "../yaml/pnode.ts";
import { tokenRegExp } from "../scenario/interpolate.ts";
import { enumOf, type Reader } from "../yaml/combinators.ts";
import { indexPath, keyPath, type ReadContext, report } from "../yaml/read_context.ts";
import { describeNode } from "../yaml/describe.ts";
import { unknownKey } from "../yaml/mapping.ts";
import { type Config, DEVICE_PROVIDER_KINDS, type DeviceProvider } from "./types.ts";
import { derivePlatform } from "./platform.ts";
import { orderedUnion } from "./merge.ts";
import { secretUrl } from "./secret_url.ts";

const endpoint: Reader<string> = secretUrl;

/** A mapping of any shape, as plain data. */
const anyMapping: Reader<Record<string, unknown>> = (ctx, node, path) =>
  node.kind === "map" ? toPlain(node) as Record<string, unknown> : report(
    ctx,
    node.pos,
    "E_TYPE",
    path,
    `expected a mapping of capabilities, got ${describeNode(node)}`,
  );

const kind = enumOf(DEVICE_PROVIDER_KINDS);
const PROVIDER_KEYS = ["kind", "endpoint", "capabilities"];

/**
 * Reads `deviceProvider`: `kind` defaults to `local`; `kind: appium` needs `endpoint`.
 *
 * @example
 * ```ts
 * deviceProvider(ctx, node, "targets.cloud.deviceProvider");
 * // { kind: "appium", endpoint: "https://${secrets.USER}:${secrets.KEY}@hub.example/wd/hub" }
 * ```
 */
export const deviceProvider: Reader<DeviceProvider> = (ctx, node, path) => {
  if (node.kind !== "map") {
    return report(ctx, node.pos, "E_TYPE", path, `expected a mapping, got ${describeNode(node)}`);
  }
  const out: DeviceProvider = { kind: "local" };
  let ok = true;
  for (const e of node.entries) {
    const p = keyPath(path, e.key);
    if (e.key === "kind") {
      const k = kind(ctx, e.value, p);
      if (k === undefined) ok = false;
      else out.kind = k;
    } else if (e.key === "endpoint") {
      const v = endpoint(ctx, e.value, p);
      if (v === undefined) ok = false;
      else out.endpoint = v;
    } else if (e.key === "capabilities") {
      const v = anyMapping(ctx, e.value, p);
      if (v === undefined) ok = false;
      else out.capabilities = v;
    } else {
      unknownKey(ctx, e.key, e.keyPos, path, PROVIDER_KEYS);
      ok = false;
    }
  }
  if (out.kind === "appium" && getEntry(node, "endpoint") === undefined) {
    return report(
      ctx,
      node.pos,
      "E_REQUIRED",
      path,
      'missing required key "endpoint" (kind: appium needs the server\'s URL)',
    );
  }
  return ok ? out : undefined;
};

/**
 * The cross-field checks of every target's `deviceProvider`: `kind: appium` on an iOS or Android
 * target only, and every token in it a declared `${secrets.NAME}` (`E_CONFIG` at the token's
 * scalar).
 *
 * @example
 * ```ts
 * checkDeviceProviders(config, root, ctx); // E_CONFIG 9:17 …endpoint: ${secrets.KEY} is not declared
 * ```
 */
export function checkDeviceProviders(config: Config, root: PNode, ctx: ReadContext): void {
  const targets = getEntry(root, "targets")?.value;
  if (targets?.kind !== "map") return;
  for (const e of targets.entries) {
    const target = config.targets[e.key];
    const providerEntry = getEntry(e.value, "deviceProvider");
    if (!target?.deviceProvider || providerEntry === undefined) continue;
    const path = keyPath(keyPath("targets", e.key), "deviceProvider");
    if (target.deviceProvider.kind === "appium") {
      const platform = derivePlatform(target, config.defaults);
      if (platform !== "ios" && platform !== "android") {
        report(
          ctx,
          providerEntry.keyPos,
          "E_CONFIG",
          path,
          `deviceProvider kind appium drives iOS and Android targets; target ${
            JSON.stringify(e.key)
          } is ${platform}`,
        );
      }
    }
    const declared = orderedUnion(config.defaults.secrets, target.secrets);
    checkTokens(providerEntry.value, path, declared, ctx);
  }
}

/** Every `${…}` token under `node` must be `${secrets.NAME}` with NAME declared. */
function checkTokens(node: PNode, path: string, declared: string[], ctx: ReadContext): void {
  const pending: [PNode, string][] = [[node, path]];
  while (pending.length > 0) {
    const [n, p] = pending.pop()!;
    if (n.kind === "map") {
      for (const e of n.entries) pending.push([e.value, keyPath(p, e.key)]);
      continue;
    }
    if (n.kind === "seq") {
      n.items.forEach((item, i) => pending.push([item, indexPath(p, i)]));
      continue;
    }
    if (typeof n.value !== "string") continue;
    for (const m of n.value.matchAll(tokenRegExp())) {
      const [token, ns, name] = m;
      if (ns !== "secrets") {
        report(
          ctx,
          n.pos,
          "E_CONFIG",
          p,
          `${token} is not bound here: a device provider takes \${secrets.NAME} tokens only`,
        );
      } else if (!declared.includes(name)) {
        report(
          ctx,
          n.pos,
          "E_CONFIG",
          p,
          `${token} names a secret that is not declared: add ${name} to the target's (or ` +
            "defaults') secrets list",
        );
      }
    }
  }
}
