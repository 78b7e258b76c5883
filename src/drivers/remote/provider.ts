/**
 * A target's `deviceProvider: {kind: appium, …}` made ready for a run: its `${secrets.NAME}`
 * tokens resolved from the environment, the endpoint checked, and every credential it carries
 * collected for the run's secret masker (docs/redaction.md#device-provider-credentials): the
 * resolved secrets, the endpoint's user and key (raw and percent-decoded), and any capability
 * whose key names a credential (`accessKey`, `userName`, `username`, `password`, `token`, `key`
 * …), inside vendor blocks too. No message here ever holds a resolved value.
 *
 * @module
 */
import type { Effective } from "../../config/effective.ts";
import {
  interpolateString,
  interpolateValue,
  namespaceLookup,
} from "../../scenario/interpolate.ts";
import { BackendUnavailable } from "../backend.ts";
import { type Endpoint, parseEndpoint } from "../webdriver/endpoint.ts";

/** A remote provider ready to open sessions. */
export interface RemoteProvider {
  /** The endpoint as written, tokens resolved: holds credentials, never show it. */
  endpointUrl: string;
  endpoint: Endpoint;
  /** `scheme://host[:port]/path`: the form every message and manifest uses. */
  display: string;
  /** The config's capabilities, tokens resolved (vendor blocks untouched otherwise). */
  capabilities: Record<string, unknown>;
  /** Every credential value the run must mask. */
  secrets: string[];
}

/** Capability keys whose value is a credential (matched case-insensitively, any nesting). */
const CREDENTIAL_KEY =
  /(^|[:_.-])(access_?key|api_?key|user_?name|username|user|password|passwd|secret|token|key)$/i;

function collectCredentials(value: unknown, out: Set<string>, underKey = ""): void {
  if (typeof value === "string") {
    if (CREDENTIAL_KEY.test(underKey) && value.trim() !== "") out.add(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) collectCredentials(v, out, underKey);
    return;
  }
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) collectCredentials(v, out, k);
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `scheme://` + the userinfo before the authority's `@` (tokens hold no `/`). */
const USERINFO = /^(\s*https?:\/\/)([^/@]*)@/i;

/**
 * The endpoint with its tokens resolved. A secret inside the userinfo is percent-encoded (a key
 * may hold `/`, `@` or `:`); the rest is taken as written, so a token may stand for a whole URL.
 */
function resolveEndpoint(
  endpoint: string,
  lookup: (ns: string, key: string) => string | undefined,
): { value: string; unbound: string[] } {
  const m = USERINFO.exec(endpoint);
  if (m === null) return interpolateString(endpoint, lookup);
  const encoded = (ns: string, key: string) => {
    const v = lookup(ns, key);
    return v === undefined ? undefined : encodeURIComponent(v);
  };
  const userinfo = interpolateString(m[2], encoded);
  const rest = interpolateString(endpoint.slice(m[0].length), lookup);
  return {
    value: `${m[1]}${userinfo.value}@${rest.value}`,
    unbound: [...new Set([...userinfo.unbound, ...rest.unbound])],
  };
}

/**
 * Resolves and checks the provider of `eff`.
 *
 * @throws BackendUnavailable naming the field when the provider is not `appium`, a secret is not
 *   set, or the endpoint is not an http(s) URL (the message never repeats the value)
 *
 * @example
 * ```ts
 * const p = resolveProvider(eff, (k) => Deno.env.get(k));
 * p.display; // "https://hub-cloud.browserstack.com/wd/hub"
 * p.secrets; // [the user, the key, …]: added to the run's masker
 * ```
 */
export function resolveProvider(
  eff: Effective,
  env: (name: string) => string | undefined,
): RemoteProvider {
  const provider = eff.deviceProvider;
  const field = `targets.${eff.target}.deviceProvider`;
  if (provider.kind !== "appium" || !provider.endpoint) {
    throw new BackendUnavailable(
      `the remote backend needs ${field} {kind: appium, endpoint: <Appium or grid URL>}; ` +
        `target ${eff.target} has ${
          provider.kind === "appium" ? "no endpoint" : `kind ${provider.kind}`
        } (docs/backends.md#remote-devices-appium-selenium-grid-clouds)`,
    );
  }
  const values: Record<string, string> = {};
  for (const name of eff.secrets) {
    const v = env(name);
    if (v !== undefined && v !== "") values[name] = v;
  }
  const lookup = namespaceLookup({ secrets: values });
  const unset = (where: string, names: string[]) =>
    new BackendUnavailable(
      `${field}.${where} uses ${
        names.map((n) => `\${${n}}`).join(", ")
      }, which is not set: export the environment variable (declared under secrets)`,
    );
  const endpointResolved = resolveEndpoint(provider.endpoint, lookup);
  if (endpointResolved.unbound.length > 0) throw unset("endpoint", endpointResolved.unbound);
  const capsResolved = interpolateValue(provider.capabilities ?? {}, lookup);
  if (capsResolved.unbound.length > 0) throw unset("capabilities", capsResolved.unbound);
  const endpointUrl = endpointResolved.value.trim();
  let endpoint: Endpoint;
  try {
    endpoint = parseEndpoint(endpointUrl);
  } catch (err) {
    throw new BackendUnavailable(
      `${field}.endpoint: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const secrets = new Set<string>(Object.values(values));
  try {
    const url = new URL(endpointUrl);
    for (const part of [url.username, url.password]) {
      if (part !== "") secrets.add(part).add(safeDecode(part));
    }
  } catch {
    // parseEndpoint accepted it, so this does not happen.
  }
  collectCredentials(capsResolved.value, secrets);
  return {
    endpointUrl,
    endpoint,
    display: endpoint.display,
    capabilities: capsResolved.value,
    secrets: [...secrets],
  };
}
