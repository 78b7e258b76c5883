/**
 * Splits output bytes into text lines (`\n` or `\r\n`; a `\r` alone, as a terminal redraw would
 * write, also ends a line). A final unterminated line is kept; ANSI escape sequences are dropped.
 * Overlong lines are cut, so one runaway write cannot grow a job log without bound.
 *
 * @module
 */

/** Longest line kept (characters); the rest is replaced by a marker. */
export const MAX_LINE = 16_384;

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -\/]*[@-~]/g;

/** Incremental line splitter for one stream. */
export class LineSplitter {
  readonly #decoder = new TextDecoder();
  #pending = "";

  /** The lines completed by `chunk`. */
  push(chunk: Uint8Array): string[] {
    let text = this.#pending + this.#decoder.decode(chunk, { stream: true });
    // A trailing `\r` may be the first half of `\r\n`: wait for the next chunk to decide.
    const held = text.endsWith("\r") ? "\r" : "";
    if (held) text = text.slice(0, -1);
    const parts = text.split(/\r\n|\n|\r/);
    this.#pending = (parts.pop() ?? "") + held;
    return parts.map(tidy);
  }

  /** The last, unterminated line (if any) once the stream has ended. */
  end(): string[] {
    let rest = this.#pending + this.#decoder.decode();
    this.#pending = "";
    if (rest.endsWith("\r")) rest = rest.slice(0, -1);
    return rest === "" ? [] : [tidy(rest)];
  }
}

function tidy(line: string): string {
  const plain = line.replace(ANSI, "");
  return plain.length > MAX_LINE ? plain.slice(0, MAX_LINE) + " …[line cut]" : plain;
}

/**
 * Reads `stream` to its end, calling `onLine` per line. `stop()` cancels the read (for a pipe an
 * orphaned grandchild keeps open); `done` settles either way.
 */
export function pumpLines(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): { done: Promise<void>; stop(): void } {
  const reader = stream.getReader();
  const splitter = new LineSplitter();
  const done = (async () => {
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const line of splitter.push(value)) onLine(line);
      }
    } catch {
      // cancelled or broken pipe: keep what was read
    } finally {
      for (const line of splitter.end()) onLine(line);
      reader.releaseLock();
    }
  })();
  return {
    done,
    stop: () => {
      reader.cancel().catch(() => {});
    },
  };
}
