/**
 * Server-sent event streams of job logs: `event: log` per line (with `id:` = the line's index, so
 * a reconnecting EventSource resumes after `Last-Event-ID` instead of replaying everything),
 * `event: done` carrying the job view, and a `:keepalive` comment whenever a stream was idle for
 * a whole keepalive period (so proxies and browsers keep an idle stream open). The hub tracks
 * every open stream so stopping serve can end them all.
 *
 * @module
 */
import type { JobEvent, JobLog } from "./job_log.ts";
import { realTicker, type Ticker } from "./ticker.ts";

/** Default keepalive period. */
export const KEEPALIVE_MS = 15_000;

const enc = new TextEncoder();

/** The wire form of one event. */
export function formatSse<V>(event: JobEvent<V>): string {
  if (event.type === "log") return `id: ${event.index}\nevent: log\ndata: ${event.line}\n\n`;
  return `event: done\ndata: ${JSON.stringify(event.view)}\n\n`;
}

/** The keepalive comment. */
export const KEEPALIVE = ":keepalive\n\n";

/** Open SSE streams of one server. */
export class SseHub {
  readonly #open = new Set<() => void>();
  constructor(
    readonly keepaliveMs: number = KEEPALIVE_MS,
    readonly ticker: Ticker = realTicker,
  ) {}

  /** Number of streams currently open. */
  get openCount(): number {
    return this.#open.size;
  }

  /** A stream following `log` from line `fromIndex` on. */
  stream<V>(log: JobLog<V>, fromIndex = 0): ReadableStream<Uint8Array> {
    let closeStream = () => {};
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        let idle = true;
        let closed = false;
        let unsubscribe = () => {};
        let stopTicks = () => {};
        const write = (text: string) => {
          if (closed) return;
          idle = false;
          try {
            controller.enqueue(enc.encode(text));
          } catch {
            closeStream();
          }
        };
        closeStream = () => {
          if (closed) return;
          closed = true;
          stopTicks();
          unsubscribe();
          this.#open.delete(closeStream);
          try {
            controller.close();
          } catch {
            // already closed or errored by the client going away
          }
        };
        this.#open.add(closeStream);
        // Ticks first: a finished log closes the stream during subscribe.
        stopTicks = this.ticker.every(this.keepaliveMs, () => {
          if (idle) write(KEEPALIVE);
          idle = true;
        });
        // An initial comment flushes the headers at once, so the client sees the stream open.
        write(":ok\n\n");
        unsubscribe = log.subscribe({
          send: (e) => write(formatSse(e)),
          close: () => closeStream(),
        }, fromIndex);
      },
      cancel: () => closeStream(),
    });
  }

  /** Ends every open stream (serve is stopping). */
  closeAll(): void {
    for (const close of [...this.#open]) close();
  }
}
