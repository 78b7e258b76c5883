/**
 * A process for tests/runner/signals_test.ts: installs the run's signal watcher and reports what
 * it sees on stdout, one event per line. SIGINT cannot be sent to the test runner itself (it
 * stops `deno test`), and a re-raised signal must end a process that is not the test runner.
 *
 * Arguments: `<deadline: report|reraise> <graceS> <slackS> <abortFallbackMs> [cleanupDir]`.
 * Commands on stdin, one per line:
 * - `spin`: send ourselves SIGTERM, then spin (never yielding) until the cancel event is set;
 *   prints `spun cancelled=<bool> onCancelRan=<bool>`.
 * - `block`: spin forever (a wedged main thread).
 * - `dispose`: stop watching; prints `disposed`.
 * - `dispose-kill`: stop watching, then at once send ourselves SIGTERM and wait (a minute): the
 *   signal must end the process; prints `survived` if it did not.
 */
import { installRunSignals } from "../../src/runner/signals.ts";

const [deadline, graceS, slackS, abortFallbackMs, cleanupDir] = Deno.args;
const enc = new TextEncoder();
const say = (line: string) => Deno.stdout.writeSync(enc.encode(line + "\n"));

let onCancelRan = false;
const signals = await installRunSignals({
  graceS: Number(graceS),
  slackS: Number(slackS),
  abortFallbackMs: Number(abortFallbackMs),
  onCancel: (s) => {
    onCancelRan = true;
    say(`cancel ${s}`);
  },
  onAbort: () => say("abort"),
  onDeadline: deadline === "report" ? (s) => say(`deadline ${s}`) : undefined,
  cleanup: cleanupDir ? [{ dir: cleanupDir, recursive: true }] : [],
});
say("ready");

const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
let buffered = "";
for await (const chunk of lines) {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf("\n")) >= 0) {
    const command = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    if (command === "spin") {
      Deno.kill(Deno.pid, "SIGTERM");
      const start = performance.now();
      while (!signals.cancel.cancelled && performance.now() - start < 10_000) { /* spin */ }
      say(`spun cancelled=${signals.cancel.cancelled} onCancelRan=${onCancelRan}`);
    } else if (command === "block") {
      say("blocking");
      for (;;) { /* a wedged main thread: only the watcher can end this process */ }
    } else if (command === "dispose") {
      await signals.dispose();
      say("disposed");
    } else if (command === "dispose-kill") {
      await signals.dispose();
      Deno.kill(Deno.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 60_000));
      say("survived");
    }
  }
}
// stdin closed: stop watching, so the worker no longer keeps the process alive.
await signals.dispose();
