/**
 * `totp: {secret, into: {var}}` (docs/scenario-language.md#producers-http-totp-generate): RFC 6238
 * with SHA-1, a 30 s step and 6 zero-padded digits, at the wall-clock time of the injected clock.
 * The secret is never echoed.
 *
 * @module
 */
import type { StepBodies } from "../../scenario/types.ts";
import type { RunContext } from "../context.ts";
import { StepFailed } from "../step_failed.ts";
import { decodeBase32 } from "./base32.ts";

/** Seconds per TOTP time step. */
export const TOTP_PERIOD_S = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;

/**
 * The code for `key` at `epochSeconds` (RFC 6238 / RFC 4226 dynamic truncation).
 *
 * @example
 * ```ts
 * // RFC 6238 test vector (SHA-1, T = 59 s, 8 digits "94287082" → 6 digits):
 * await totpCode(new TextEncoder().encode("12345678901234567890"), 59); // "287082"
 * ```
 */
export async function totpCode(key: Uint8Array, epochSeconds: number): Promise<string> {
  const counter = Math.floor(epochSeconds / TOTP_PERIOD_S);
  const msg = new Uint8Array(8);
  new DataView(msg.buffer).setBigUint64(0, BigInt(counter));
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, msg));
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) |
    mac[offset + 3];
  return String(bin % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** Binds the current code to `vars.<into.var>`. */
export async function totp(ctx: RunContext, body: StepBodies["totp"]): Promise<void> {
  const key = decodeBase32(body.secret);
  if (key === null) throw new StepFailed("totp: secret is not valid base32");
  ctx.vars[body.into.var] = await totpCode(key, ctx.clock.wallNow().getTime() / 1000);
}
