/**
 * The web "device log" (docs/backends.md#web, docs/scenario-language.md#capture-tokens): console
 * messages, uncaught page errors and auto-dismissed dialogs as `[level] text` lines, recorded
 * between an interval's start and stop into a file.
 *
 * @module
 */
import type { ConsoleMessage, Page } from "playwright-core";
import type { DriverInterval } from "../driver.ts";

/** Formats a console message: `[log] hello`, `[warning] careful`. */
export function consoleLine(type: string, text: string): string {
  return `[${type}] ${text}`;
}

/** Formats an uncaught page error: `[pageerror] Error: boom`. */
export function pageErrorLine(err: Error): string {
  return `[pageerror] ${err.name}: ${err.message}`;
}

/** Formats a dismissed JS dialog: `[dialog] confirm: Delete everything?`. */
export function dialogLine(type: string, message: string): string {
  return `[dialog] ${type}: ${message}`;
}

/**
 * Fans the page's log lines out to every running recording. `barrier` is a page round trip:
 * protocol events arrive in order, so once it returns every line the page produced before the
 * stop has been delivered.
 */
export class DeviceLog {
  #recordings = new Set<string[]>();
  #barrier: () => Promise<void>;

  constructor(barrier: () => Promise<void>) {
    this.#barrier = barrier;
  }

  /** Listens to a page's console and errors. */
  attach(page: Page): void {
    page.on("console", (m: ConsoleMessage) => this.push(consoleLine(m.type(), m.text())));
    page.on("pageerror", (err: Error) => this.push(pageErrorLine(err)));
  }

  /** Adds a line to every running recording. */
  push(line: string): void {
    for (const lines of this.#recordings) lines.push(line);
  }

  /** Starts recording; `stop()` writes the lines seen so far to `path` (one per line). */
  start(path: string): DriverInterval {
    const lines: string[] = [];
    this.#recordings.add(lines);
    let stopped = false;
    return {
      kind: "deviceLog",
      path,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await this.#barrier();
        } catch {
          // A closed or crashed page has nothing more to say; keep what arrived.
        } finally {
          this.#recordings.delete(lines);
        }
        await Deno.writeTextFile(path, lines.map((l) => `${l}\n`).join(""));
      },
    };
  }
}
