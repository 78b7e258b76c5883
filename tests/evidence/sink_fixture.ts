/**
 * A FileSink in a fresh temp run dir, with its log captured.
 *
 * @module
 */
import { join } from "node:path";
import { FileSink, type FileSinkOptions } from "../../src/evidence/file_sink.ts";
import { Redactor } from "../../src/evidence/redact.ts";

export interface SinkFixture {
  runDir: string;
  sink: FileSink;
  logs: string[];
  warnings: string[];
  path(...parts: string[]): string;
  /** Permission bits of a run-dir relative path. */
  mode(rel: string): Promise<number>;
  /** Every path under the run dir, relative, sorted. */
  tree(): Promise<string[]>;
  cleanup(): Promise<void>;
}

export async function sinkFixture(
  opts: Partial<FileSinkOptions> & { secrets?: string[] } = {},
): Promise<SinkFixture> {
  const runDir = join(await Deno.makeTempDir(), "run");
  const logs: string[] = [];
  const warnings: string[] = [];
  const redactor = opts.redactor ??
    new Redactor({ secrets: opts.secrets, onWarning: (m) => warnings.push(m) });
  const sink = new FileSink(runDir, { log: (l) => logs.push(l), ...opts, redactor });
  const path = (...parts: string[]) => join(runDir, ...parts);
  async function tree(dir = runDir, prefix = ""): Promise<string[]> {
    const out: string[] = [];
    for await (const e of Deno.readDir(dir)) {
      const rel = prefix + e.name;
      out.push(rel);
      if (e.isDirectory) out.push(...await tree(join(dir, e.name), rel + "/"));
    }
    return out.sort();
  }
  return {
    runDir,
    sink,
    logs,
    warnings,
    path,
    mode: async (rel) => (await Deno.stat(path(...rel.split("/")))).mode! & 0o777,
    tree: () => tree(),
    // Writes queued off the step can still be landing: a run flushes before it reports, so does this.
    cleanup: async () => {
      await sink.flush().catch(() => {});
      await Deno.remove(join(runDir, ".."), { recursive: true });
    },
  };
}
