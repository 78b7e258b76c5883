/**
 * Progress lines on stderr (docs/architecture.md#runall): `▶ scenario i/N: name`, `✔|✘ scenario
 * i/N: name (1.2s)`, `⟳ … respawning and retrying (attempt a/T)`, `━ engine <e>`; on a TTY a live
 * line for the current step. `NO_COLOR` is honoured. Names and failure texts are author-written:
 * they are made `printable` (docs/cli.md) before any colour is added.
 *
 * @module
 */
import { printable } from "../text/printable.ts";
import type { ProgressEvent } from "./run_all.ts";

/**
 * Where progress lines go (stderr for the CLI).
 *
 * @example
 * ```ts
 * const sink: ProgressSink = { line: (l) => console.error(l), live: () => {} };
 * ```
 */
export interface ProgressSink {
  line(text: string): void;
  /** Rewrites the live status line (TTY only); "" clears it. */
  live(text: string): void;
}

/**
 * How progress lines look.
 *
 * @example
 * ```ts
 * formatProgress(event, { color: false } satisfies ProgressStyle);
 * ```
 */
export interface ProgressStyle {
  color: boolean;
}

const paint = (on: boolean, code: number, s: string) => on ? `\x1b[${code}m${s}\x1b[0m` : s;

/**
 * Formats a runner event as a progress line (null when it prints nothing).
 *
 * @example
 * ```ts
 * formatProgress({ type: "scenarioStart", ordinal: 1, total: 2, name: "log in", sid: "00-log-in" }, {
 *   color: false,
 * }); // "▶ scenario 1/2: log in"
 * ```
 */
export function formatProgress(e: ProgressEvent, style: ProgressStyle): string | null {
  switch (e.type) {
    case "scenarioStart":
      return `▶ scenario ${e.ordinal}/${e.total}: ${printable(e.name)}`;
    case "scenarioEnd": {
      const r = e.record.result;
      const mark = r.ok ? paint(style.color, 32, "✔") : paint(style.color, 31, "✘");
      const tail = r.ok ? "" : ` — ${printable(r.failure ?? "failed")}`;
      const attempt = e.record.repetition ? ` (attempt ${e.record.repetition})` : "";
      return `${mark} scenario ${e.ordinal}/${e.total}: ${printable(r.scenario)}${attempt} (${
        r.durationS.toFixed(1)
      }s)${tail}`;
    }
    case "retry":
      return `⟳ scenario ${e.ordinal}/${e.total}: ${
        printable(e.name)
      }: backend crashed; respawning and retrying (attempt ${e.attempt}/${e.of})`;
    case "log":
      return printable(e.line);
  }
}

/**
 * The live step line: `<sid> · step k: <action>`.
 *
 * @example
 * ```ts
 * formatStepLine("00-log-in", "steps", 3, "tap"); // "00-log-in · step 3: tap"
 * ```
 */
export function formatStepLine(sid: string, phase: string, index: number, action: string): string {
  const where = phase === "steps" ? "" : `${phase} `;
  return printable(`${sid} · ${where}step ${index}: ${action}`);
}

/**
 * A stderr sink; the live line is drawn only on a terminal. With `stepLines` (`--progress`) and
 * no terminal, every step start is printed as a line of its own instead (serve's live log).
 *
 * @example
 * ```ts
 * const progress = stderrProgress({ stepLines: true });
 * progress.line("━ engine firefox");
 * ```
 */
export function stderrProgress(opts: { stepLines?: boolean } = {}): ProgressSink {
  const enc = new TextEncoder();
  const tty = Deno.stderr.isTerminal();
  let liveShown = false;
  const write = (s: string) => Deno.stderr.writeSync(enc.encode(s));
  return {
    line(text) {
      if (liveShown) write("\r\x1b[2K");
      liveShown = false;
      write(text + "\n");
    },
    live(text) {
      if (!tty) {
        if (opts.stepLines && text !== "") write(text + "\n");
        return;
      }
      write("\r\x1b[2K" + text.slice(0, Math.max(20, (Deno.consoleSize?.().columns ?? 100) - 1)));
      liveShown = text !== "";
    },
  };
}

/**
 * True unless NO_COLOR is set (any value) or stderr is not a terminal.
 *
 * @example
 * ```ts
 * useColor((k) => Deno.env.get(k)); // false under NO_COLOR or when stderr is not a terminal
 * ```
 */
export function useColor(env: (k: string) => string | undefined): boolean {
  return env("NO_COLOR") === undefined && Deno.stderr.isTerminal();
}

/** `--no-progress`: no progress lines and no live line. */
export const silentProgress: ProgressSink = {
  line() {},
  live() {},
};
