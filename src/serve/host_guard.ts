/**
 * DNS-rebinding defence: a request whose `Host` names no interface the server is bound to is
 * refused (403). A page on evil.example that resolves its own name to 127.0.0.1 still sends
 * `Host: evil.example`, so it never reaches the API.
 *
 * @module
 */

/** Interface addresses and names, injected so tests do not depend on the machine. */
export interface HostFacts {
  /** Addresses of every local interface (IPv4 and IPv6, without brackets). */
  interfaceAddresses(): string[];
  /** The machine's host name, or null when unknown. */
  hostname(): string | null;
}

/** The facts of this machine. */
export const machineHostFacts: HostFacts = {
  interfaceAddresses: () => {
    try {
      return Deno.networkInterfaces().map((i) => i.address);
    } catch {
      return [];
    }
  },
  hostname: () => {
    try {
      return Deno.hostname();
    } catch {
      return null;
    }
  },
};

/** True for `localhost`, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = stripBrackets(host.toLowerCase());
  return h === "localhost" || h.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === "::1" || h === "0:0:0:0:0:0:0:1";
}

/** True for the wildcard binds `0.0.0.0` and `::`. */
export function isWildcardHost(host: string): boolean {
  const h = stripBrackets(host);
  return h === "0.0.0.0" || h === "::";
}

function stripBrackets(h: string): string {
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/**
 * The host names (lowercase, IPv6 without brackets) a request may carry for a server bound to
 * `bindHost`.
 */
export function allowedHostNames(
  bindHost: string,
  facts: HostFacts = machineHostFacts,
): Set<string> {
  const bind = stripBrackets(bindHost.toLowerCase());
  const names = new Set<string>([bind]);
  if (isLoopbackHost(bind)) names.add("localhost");
  if (bind === "localhost") {
    names.add("127.0.0.1");
    names.add("::1");
  }
  if (isWildcardHost(bind)) {
    names.delete(bind);
    names.add("localhost");
    for (const a of facts.interfaceAddresses()) names.add(a.toLowerCase().replace(/%.*$/, ""));
    const host = facts.hostname();
    if (host) names.add(host.toLowerCase());
  }
  return names;
}

/** Splits a Host header into name and port (null when absent); null for a malformed header. */
export function parseHostHeader(value: string): { name: string; port: number | null } | null {
  const v = value.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(v);
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && port > 65535) return null;
  return { name: stripBrackets(m[1]).replace(/\.$/, ""), port };
}

/** Decides whether a `Host` header names this server. */
export class HostGuard {
  readonly #names: Set<string>;
  constructor(bindHost: string, readonly port: number, facts: HostFacts = machineHostFacts) {
    this.#names = allowedHostNames(bindHost, facts);
  }

  /** True when `hostHeader` names a bound interface on our port. */
  allows(hostHeader: string | null): boolean {
    if (hostHeader === null) return false;
    const parsed = parseHostHeader(hostHeader);
    if (!parsed || !this.#names.has(parsed.name)) return false;
    // Browsers omit the port only when it is the scheme's default.
    return (parsed.port ?? 80) === this.port;
  }
}
