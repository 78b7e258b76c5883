/**
 * The dump route (docs/backends.md#the-dump-route): every read is
 * `adb exec-out uiautomator dump /dev/tty`, every gesture an `adb shell input …`, screenshots
 * `adb exec-out screencap -p`. Slower than the server (one process per call) but it needs nothing
 * installed. uiautomator answers "ERROR: could not get idle state." while the screen animates:
 * that is retried within the read budget and is never a failure by itself.
 *
 * @module
 */
import { DeviceTimeout, type Point, UnsupportedAction } from "../driver.ts";
import type { Clock } from "../../time/clock.ts";
import { type Adb, typableByInput } from "./adb.ts";
import { AdbCommandFailed } from "./adb_errors.ts";
import { DRAG_S, type Route, SCROLL_S } from "./route.ts";

/** How long a read keeps retrying "could not get idle state", seconds. */
export const IDLE_BUDGET_S = 10;
const IDLE_RETRY_FIRST_S = 0.1;
const IDLE_RETRY_MAX_S = 1;

/** uiautomator's text for a screen that never went idle. */
const NOT_IDLE = /could not get idle state/i;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when `bytes` start like a PNG. */
export function looksLikePng(bytes: Uint8Array): boolean {
  return bytes.length > 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * The XML in a dump's output: from the declaration (or `<hierarchy`) to `</hierarchy>`, without
 * the trailer line (`UI hierchary dumped to: /dev/tty`, sic) or warnings printed before it;
 * null when there is none.
 *
 * @example
 * ```ts
 * dumpXml('<?xml version="1.0"?><hierarchy rotation="0"></hierarchy>UI hierchary dumped to: /dev/tty');
 * // '<?xml version="1.0"?><hierarchy rotation="0"></hierarchy>'
 * ```
 */
export function dumpXml(output: string): string | null {
  const end = output.lastIndexOf("</hierarchy>");
  if (end < 0) return null;
  let start = output.indexOf("<?xml");
  if (start < 0 || start > end) start = output.indexOf("<hierarchy");
  if (start < 0 || start > end) return null;
  return output.slice(start, end + "</hierarchy>".length);
}

/** The dump route over one device. */
export class DumpRoute implements Route {
  readonly name = "dump" as const;
  constructor(
    private readonly adb: Adb,
    private readonly clock: Clock,
    private readonly idleBudgetS = IDLE_BUDGET_S,
  ) {}

  async source(): Promise<string> {
    const deadline = this.clock.now() + this.idleBudgetS;
    let pause = IDLE_RETRY_FIRST_S;
    while (true) {
      const output = await this.adb.dump();
      const xml = dumpXml(output);
      if (xml !== null) return xml;
      if (!NOT_IDLE.test(output)) {
        throw new AdbCommandFailed(
          `uiautomator dump on ${this.adb.serial} returned no hierarchy: ${
            output.trim().slice(0, 200) || "no output"
          }`,
        );
      }
      if (this.clock.now() >= deadline) {
        throw new DeviceTimeout(
          `uiautomator could not get an idle state on ${this.adb.serial} for ` +
            `${this.idleBudgetS}s: the screen never stops animating (an endless animation or ` +
            "progress indicator); turn animations off in Developer options or use the " +
            "UiAutomator2 route",
        );
      }
      await this.clock.sleep(Math.min(pause, Math.max(0, deadline - this.clock.now())));
      pause = Math.min(IDLE_RETRY_MAX_S, pause * 2);
    }
  }

  tap(p: Point): Promise<void> {
    return this.adb.tap(p);
  }

  doubleTap(p: Point): Promise<void> {
    return this.adb.doubleTap(p);
  }

  longPress(p: Point, seconds: number): Promise<void> {
    return this.adb.swipe(p, p, seconds * 1000);
  }

  drag(from: Point, to: Point, seconds = DRAG_S): Promise<void> {
    return this.adb.swipe(from, to, seconds * 1000);
  }

  scroll(from: Point, to: Point): Promise<void> {
    return this.adb.swipe(from, to, SCROLL_S * 1000);
  }

  async typeText(text: string): Promise<void> {
    if (!typableByInput(text)) {
      throw new UnsupportedAction(
        "typeText: `adb shell input text` types printable ASCII only; this text needs the " +
          "UiAutomator2 route",
      );
    }
    await this.adb.typeText(text);
  }

  back(): Promise<void> {
    return this.adb.keyevent(4);
  }

  async screenshot(): Promise<Uint8Array> {
    const bytes = await this.adb.screencap();
    if (!looksLikePng(bytes)) {
      throw new AdbCommandFailed(
        `screencap on ${this.adb.serial} did not return a PNG (${bytes.length} bytes)`,
      );
    }
    return bytes;
  }
}
