/**
 * `generate` (docs/scenario-language.md#producers-http-totp-generate): a random value (string, int,
 * float, uuid v4) or the current date-time, bound to `vars.<into.var>` and recorded on the outcome.
 * Randomness comes from a CSPRNG unless the run injects a source (tests).
 *
 * @module
 */
import type { GenerateSpec } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { isoSeconds, strftime } from "./strftime.ts";
import { zonedTime } from "./zoned_time.ts";

const CHARSETS = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  alpha: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  numeric: "0123456789",
  hex: "0123456789abcdef",
} as const;

/** A uniform number in [0, 1) from the platform CSPRNG. */
export function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}

function uuidV4(random: () => number): string {
  const b = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
    hex.slice(20)
  }`;
}

/** The text one generator produces. */
export function generatedValue(spec: GenerateSpec, random: () => number, now: Date): string {
  if ("random" in spec) {
    const r = spec.random;
    if ("string" in r) {
      const alphabet = CHARSETS[r.string.charset ?? "alnum"];
      let out = "";
      for (let i = 0; i < r.string.length; i++) {
        out += alphabet[Math.floor(random() * alphabet.length)];
      }
      return out;
    }
    if ("int" in r) return String(r.int.min + Math.floor(random() * (r.int.max - r.int.min + 1)));
    if ("float" in r) {
      const v = r.float.min + random() * (r.float.max - r.float.min);
      return r.float.precision === undefined ? String(v) : v.toFixed(r.float.precision);
    }
    return uuidV4(random);
  }
  const d = spec.datetime;
  const shiftS = (d.offsetSeconds ?? 0) + 60 * (d.offsetMinutes ?? 0) +
    3600 * (d.offsetHours ?? 0) + 86400 * (d.offsetDays ?? 0);
  const t = zonedTime(new Date(now.getTime() + shiftS * 1000), d.timezone ?? "UTC");
  return d.format === undefined ? isoSeconds(t) : strftime(d.format, t);
}

/** Binds the value and returns it (for `StepOutcome.generated`). */
export function generate(ctx: RunContext, spec: GenerateSpec): string {
  const value = generatedValue(spec, ctx.random, ctx.clock.wallNow());
  ctx.vars[spec.into.var] = value;
  return value;
}
