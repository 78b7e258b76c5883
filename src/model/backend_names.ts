/**
 * The names of every backend, declared once: its actuator name (`Driver.name`, manifest
 * `backend`), the platform it drives and the tokens that select it (`--backend`, the config's
 * `backend` list; docs/backends.md#choosing-a-backend). Each backend's descriptor reads its line;
 * the config and serve read the table without loading a backend.
 *
 * @example
 * ```ts
 * platformOfToken("adb"); // "android"
 * BACKEND_TOKENS; // ["fake", "web", "playwright", "ios", "xcuitest", …]
 * ```
 *
 * @module
 */
import type { Platform } from "./platform.ts";

/** One line per backend, in the order the registry lists them. */
export const BACKEND_NAMES = {
  fake: { actuator: "fake", platform: "fake", tokens: ["fake"] },
  web: { actuator: "playwright", platform: "web", tokens: ["web", "playwright"] },
  ios: { actuator: "xcuitest", platform: "ios", tokens: ["ios", "xcuitest"] },
  android: { actuator: "adb", platform: "android", tokens: ["android", "adb"] },
  /** A remote W3C endpoint serves any platform it is asked for. */
  remote: { actuator: "webdriver", platform: "any", tokens: ["remote", "webdriver"] },
} as const satisfies Record<
  string,
  { actuator: string; platform: Platform | "any"; tokens: readonly string[] }
>;

/**
 * An actuator name (`Driver.name`, manifest `backend`), one per backend.
 *
 * @example
 * ```ts
 * const names: ActuatorName[] = ["fake", "playwright", "xcuitest", "adb", "webdriver"];
 * ```
 */
export type ActuatorName = (typeof BACKEND_NAMES)[keyof typeof BACKEND_NAMES]["actuator"];

/** Every backend token, in registry order. */
export const BACKEND_TOKENS: readonly string[] = Object.values(BACKEND_NAMES).flatMap((b) => [
  ...b.tokens,
]);

/**
 * The platform a token implies, or undefined for an unknown token or a backend that serves any
 * platform (a remote endpoint).
 */
export function platformOfToken(token: string): Platform | undefined {
  const line = Object.values(BACKEND_NAMES).find((b) =>
    (b.tokens as readonly string[]).includes(token)
  );
  return line === undefined || line.platform === "any" ? undefined : line.platform;
}
