/**
 * The web backend's own errors and the one rule for Playwright failures: an error we raise on
 * purpose keeps its type; anything else from a page operation becomes a `DeviceError`
 * (docs/architecture.md#driver-errors, docs/backends.md#web), so a wedged browser never reads as a
 * failed step.
 *
 * @module
 */
import { DeviceError, DeviceGone, DriverError } from "../driver.ts";
import type { Engine } from "../../model/engines.ts";

/** No usable browser executable for the engine; the message holds the install command. */
export class BrowserNotFound extends DeviceError {
  override readonly code = "E_BROWSER_NOT_FOUND";
  constructor(readonly engine: Engine, readonly tried: string[], readonly installHint: string) {
    super(
      `no ${engine} browser found (tried: ${tried.length ? tried.join(", ") : "nothing"}); ` +
        `install one: ${installHint}`,
    );
  }
}

/** Video was requested but no ffmpeg exists to encode it. */
export class FfmpegNotFound extends DeviceError {
  override readonly code = "E_FFMPEG_NOT_FOUND";
  constructor(tried: string[]) {
    super(
      `video recording needs ffmpeg (tried: ${tried.join(", ")}); install it: ` +
        "sudo apt-get install ffmpeg (Debian/Ubuntu), " +
        "brew install ffmpeg (macOS)",
    );
  }
}

/**
 * The browser went away under the run: its process exited (killed, crashed) or, for a browser
 * server, the connection closed. Every call in flight ends with it at once.
 */
export class BrowserGone extends DeviceGone {
  override readonly code: string = "E_BROWSER_GONE";
  constructor(readonly remote: boolean, during: string) {
    super(
      `playwright: ${
        remote ? "the connection to the browser server closed" : "the browser process exited"
      } ${during}`,
    );
  }
}

/** The first line of an error's message (Playwright appends long call logs). */
export function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split("\n")[0];
}

/** Our own typed errors pass through; anything else becomes `DeviceError("playwright: …")`. */
export function asDriverError(what: string, err: unknown): DriverError {
  if (err instanceof DriverError) return err;
  return new DeviceError(`playwright: ${what} failed: ${messageOf(err)}`, { cause: err });
}
