/**
 * Previous durations for duration-based sharding (`--timings`): a manifest.json, a run dir, or a
 * runs dir (its newest run).
 *
 * @module
 */
import { isFile } from "../fs/probe.ts";

async function manifestPathOf(path: string): Promise<string | null> {
  if (await isFile(path)) return path;
  if (await isFile(`${path}/manifest.json`)) return `${path}/manifest.json`;
  const runs: string[] = [];
  try {
    for await (const e of Deno.readDir(path)) {
      if (e.isDirectory && await isFile(`${path}/${e.name}/manifest.json`)) runs.push(e.name);
    }
  } catch {
    return null;
  }
  runs.sort();
  return runs.length ? `${path}/${runs[runs.length - 1]}/manifest.json` : null;
}

/**
 * Scenario name → seconds; an unreadable source gives an empty map (count-based fallback).
 *
 * @example
 * ```ts
 * const durations = await readTimings("runs/20240501-101500"); // Map { "log in" => 4.2, … }
 * ```
 */
export async function readTimings(path: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const file = await manifestPathOf(path);
  if (!file) return out;
  try {
    const m = JSON.parse(await Deno.readTextFile(file));
    for (const s of m.scenarios ?? []) {
      if (typeof s.scenario === "string" && typeof s.duration_s === "number") {
        out.set(s.scenario, Math.max(out.get(s.scenario) ?? 0, s.duration_s));
      }
    }
  } catch {
    return out;
  }
  return out;
}
