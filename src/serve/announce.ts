/**
 * The line `bajutsu serve` prints once it listens (docs/serve.md#start-it), and its reader for
 * whatever starts serve as a child process (the release smoke test, the tests): one format in one
 * place.
 *
 * @module
 */

/** The line announcing serve's base URL (`url` without a trailing slash). */
export function announceLine(url: string): string {
  return `bajutsu serve: ${url}/`;
}

const ANNOUNCED = /bajutsu serve: (http:\/\/\S+?)\/\n/;

/**
 * Reads serve's stdout until the announce line: its URL (no trailing slash) and the text read so
 * far, or `url: null` when the stream ended first. The reader stays with the caller.
 *
 * @example
 * ```ts
 * const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
 * const { url } = await readAnnouncedUrl(reader); // "http://127.0.0.1:8765"
 * ```
 */
export async function readAnnouncedUrl(
  reader: ReadableStreamDefaultReader<string>,
): Promise<{ url: string | null; seen: string }> {
  let seen = "";
  for (;;) {
    const url = ANNOUNCED.exec(seen)?.[1];
    if (url !== undefined) return { url, seen };
    const { value, done } = await reader.read();
    if (done) return { url: null, seen };
    seen += value;
  }
}
