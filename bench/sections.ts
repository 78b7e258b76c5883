/**
 * Writes one `## <name>` section of bench/BENCHMARKS.md, keeping the other sections intact, so
 * each benchmark can be run alone and still leave a complete file.
 */
import { fileURLToPath } from "node:url";

export const BENCHMARKS_MD = fileURLToPath(new URL("./BENCHMARKS.md", import.meta.url));

export async function writeSection(name: string, body: string): Promise<void> {
  let text = "";
  try {
    text = await Deno.readTextFile(BENCHMARKS_MD);
  } catch {
    text = "# Benchmarks\n\nFigures written by `deno task bench` on this machine (2 cores).\n";
  }
  const heading = `## ${name}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) {
    text = text.trimEnd() + "\n\n" + section;
  } else {
    let end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
    if (end < 0) end = lines.length;
    text = [...lines.slice(0, start), ...section.trimEnd().split("\n"), "", ...lines.slice(end)]
      .join("\n").trimEnd() + "\n";
  }
  await Deno.writeTextFile(BENCHMARKS_MD, text);
}
