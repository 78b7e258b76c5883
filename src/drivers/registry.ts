/**
 * The backend registry: one line per backend, and selection as a lookup in it. Tokens (platform
 * names and actuator names) expand to backends in the order given, unknown tokens are skipped,
 * and the first backend that is available and drives the target's platform is built. When none
 * is, one error says what was asked, why each candidate is out, and what this build offers.
 *
 * Adding a backend: a folder `src/drivers/<name>/` exporting a {@link BackendDescriptor}, and its
 * line in {@link BACKENDS}.
 *
 * @example
 * ```ts
 * import { selectBackend } from "./registry.ts";
 * const backend = await selectBackend(eff, { backend: ["web"], workers: 2 });
 * backend.actuator; // "playwright"
 * backend.lanes; // ["web-0", "web-1"]
 * const factory = await backend.factory(null);
 * ```
 *
 * @module
 */
import type { Effective } from "../config/effective.ts";
import {
  type Backend,
  type BackendDescriptor,
  type BackendRequest,
  BackendUnavailable,
} from "./backend.ts";
import { FAKE_BACKEND } from "./fake/backend.ts";
import { WEB_BACKEND } from "./web/backend.ts";
import { IOS_BACKEND } from "./ios/backend.ts";
import { ANDROID_BACKEND } from "./android/backend.ts";
import { REMOTE_BACKEND } from "./remote/backend.ts";

/**
 * Every backend this build knows, one line each, in the order error texts list them.
 *
 * @example
 * ```ts
 * BACKENDS.filter((d) => d.availability().available).map((d) => d.actuator);
 * // ["fake", "playwright"]
 * ```
 */
export const BACKENDS = [
  FAKE_BACKEND,
  WEB_BACKEND,
  IOS_BACKEND,
  ANDROID_BACKEND,
  REMOTE_BACKEND,
] as const;

/** An actuator name, one per registered backend (each descriptor reads its backend names line). */
export type { ActuatorName } from "../model/backend_names.ts";

/**
 * The backend a token selects, or undefined for an unknown token.
 *
 * @example
 * ```ts
 * descriptorForToken("web")?.actuator; // "playwright"
 * descriptorForToken("mystery"); // undefined
 * ```
 */
export function descriptorForToken(token: string): BackendDescriptor | undefined {
  return BACKENDS.find((d) => (d.tokens as readonly string[]).includes(token));
}

/** The platform a token implies (the backend names table, read by the config too). */
export { platformOfToken } from "../model/backend_names.ts";

/**
 * Tokens to backends: order kept, duplicates and unknown tokens dropped.
 *
 * @example
 * ```ts
 * expandTokens(["web", "mystery", "playwright", "fake"]).map((d) => d.actuator);
 * // ["playwright", "fake"]
 * ```
 */
export function expandTokens(tokens: readonly string[]): BackendDescriptor[] {
  const out: BackendDescriptor[] = [];
  for (const token of tokens) {
    const d = descriptorForToken(token);
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}

/**
 * Why `d` cannot drive `eff` in this build, or null when it can.
 *
 * @example
 * ```ts
 * whyNot(ANDROID_BACKEND, eff); // "adb is not on PATH: install the Android SDK platform-tools …"
 * whyNot(FAKE_BACKEND, webEff); // "drives fake targets (needs app); target shop is web"
 * ```
 */
export function whyNot(d: BackendDescriptor, eff: Effective): string | null {
  const availability = d.availability();
  if (!availability.available) return availability.reason;
  const drives = d.platform === "any" ? d.anyOf : [d.platform];
  if (drives !== undefined && !drives.includes(eff.app.platform)) {
    return `drives ${drives.join(" and ")} targets (needs ${
      d.needs.join(", ")
    }); target ${eff.target} is ${eff.app.platform}`;
  }
  return null;
}

/**
 * What this build can drive, for error texts.
 *
 * @example
 * ```ts
 * availableSummary(); // "fake (fake targets), playwright (web targets), webdriver (ios and android targets)"
 * ```
 */
export function availableSummary(): string {
  const available = BACKENDS.filter((d) => d.availability().available);
  const drives = (d: BackendDescriptor) =>
    d.platform === "any" && d.anyOf ? d.anyOf.join(" and ") : d.platform;
  return available.map((d) => `${d.actuator} (${drives(d)} targets)`).join(", ") || "none";
}

/**
 * Chooses the backend for the target and prepares it: the requested tokens (`--backend`, else
 * the config's `backend` list, target over defaults, else the target platform's own), the first
 * candidate that is available and drives the target.
 *
 * @throws BackendUnavailable naming every candidate's reason and what is available
 *
 * @example
 * ```ts
 * await selectBackend(eff, { backend: ["adb"], workers: 1 });
 * // BackendUnavailable: no available actuator among [adb] for platform android
 * // (requested [adb]): adb: adb is not on PATH: …; available in this build:
 * // fake (fake targets), playwright (web targets), webdriver (ios and android targets)
 * ```
 */
export async function selectBackend(eff: Effective, req: BackendRequest): Promise<Backend> {
  const requested = req.backend && req.backend.length > 0 ? req.backend : eff.backend;
  const candidates = expandTokens(requested);
  const reasons: string[] = [];
  for (const d of candidates) {
    const why = whyNot(d, eff);
    if (why !== null) {
      reasons.push(`${d.actuator}: ${why}`);
      continue;
    }
    const setup = await d.prepare(eff, req);
    return {
      ...setup,
      actuator: d.actuator,
      capabilities: new Set(d.capabilities),
      recordsScenarioVideoUpFront: d.recordsScenarioVideoUpFront,
    };
  }
  const unknown = requested.filter((t) => descriptorForToken(t) === undefined);
  if (unknown.length > 0) reasons.push(`unknown token(s): ${unknown.join(", ")}`);
  throw new BackendUnavailable(
    `no available actuator among [${
      candidates.map((d) => d.actuator).join(", ")
    }] for platform ${eff.app.platform} (requested [${requested.join(", ")}]): ${
      reasons.join("; ")
    }; available in this build: ${availableSummary()}`,
  );
}

/**
 * The backend a run with `tokens` would choose for the target, ignoring whether this machine can
 * start it: what `lint --config --target` checks scenarios against, without a device.
 *
 * @example
 * ```ts
 * descriptorFor(webEff)?.actuator; // "playwright"
 * descriptorFor(webEff, ["fake"]); // undefined (fake does not drive web targets)
 * ```
 */
export function descriptorFor(
  eff: Effective,
  tokens?: readonly string[],
): BackendDescriptor | undefined {
  const requested = tokens && tokens.length > 0 ? tokens : [eff.platform];
  return expandTokens(requested).find((d) =>
    d.platform === "any" || d.platform === eff.app.platform
  );
}
