/**
 * Scenario-wide web video (docs/scenario-language.md#capture-tokens, docs/backends.md#web).
 * Playwright records a whole browser context to WebM through an `ffmpeg` it looks up in its browser
 * cache; we never download it, but link the system ffmpeg (Debian `ffmpeg`, Homebrew) where
 * Playwright looks, and remux the WebM (VP9) into the MP4 container the evidence layout names,
 * without re-encoding.
 *
 * @module
 */
import type { Video } from "playwright-core";
import { dirname } from "node:path";
import { type BrowserProbe, playwrightCacheDir, systemProbe } from "./browsers.ts";
import { FfmpegNotFound, messageOf } from "./errors.ts";
import { DeviceError } from "../driver.ts";

/** playwright-core 1.64.1's ffmpeg revision (its `browsers.json`); it looks in `ffmpeg-<rev>/`. */
export const FFMPEG_REVISION = "1013";

/** Where system ffmpeg builds usually live. */
export const SYSTEM_FFMPEG: readonly string[] = [
  "/usr/bin/ffmpeg",
  "/usr/local/bin/ffmpeg",
  "/opt/homebrew/bin/ffmpeg",
];

/** The path at which playwright-core expects its ffmpeg, or null when no cache dir is known. */
export function playwrightFfmpegPath(probe: BrowserProbe): string | null {
  const cache = playwrightCacheDir(probe);
  if (cache === null) return null;
  const name = probe.platform === "darwin" ? "ffmpeg-mac" : "ffmpeg-linux";
  return `${cache}/ffmpeg-${FFMPEG_REVISION}/${name}`;
}

/**
 * Makes sure playwright-core finds an ffmpeg: keeps one already there, else links the system
 * ffmpeg into place. Returns the ffmpeg to use for remuxing.
 *
 * @throws FfmpegNotFound when no ffmpeg exists (the message holds the install command)
 */
export async function ensureFfmpeg(
  probe: BrowserProbe = systemProbe(),
  system: readonly string[] = SYSTEM_FFMPEG,
): Promise<string> {
  const expected = playwrightFfmpegPath(probe);
  const installed = system.find((p) => probe.exists(p));
  if (expected !== null && probe.exists(expected)) return installed ?? expected;
  if (installed === undefined) {
    throw new FfmpegNotFound([...(expected ? [expected] : []), ...system]);
  }
  if (expected === null) {
    throw new DeviceError("video: cannot name Playwright's cache directory (HOME is not set)");
  }
  await Deno.mkdir(dirname(expected), { recursive: true });
  try {
    await Deno.symlink(installed, expected);
  } catch (err) {
    // Another run linked it at the same moment: that is the same result.
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  }
  return installed;
}

/**
 * Remuxes a WebM into an MP4 container (stream copy: fast, lossless). ffmpeg runs in a process
 * group of its own: a Ctrl-C to the run's group cancels the run cooperatively, and must not kill
 * the remux of the scenario being torn down (docs/signals.md).
 */
export async function remuxToMp4(ffmpeg: string, webm: string, mp4: string): Promise<void> {
  const out = await new Deno.Command(ffmpeg, {
    args: ["-loglevel", "error", "-y", "-i", webm, "-c", "copy", "-movflags", "+faststart", mp4],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    detached: true,
  }).spawn().output();
  if (!out.success) {
    const why = new TextDecoder().decode(out.stderr).trim().split("\n").at(-1) ?? "";
    throw new DeviceError(`video: ffmpeg could not write ${mp4}: ${why}`);
  }
}

/**
 * Saves a finished page video (call after the context closed) as `mp4`. Works for local and
 * remote browsers alike (`saveAs` streams from the browser server).
 */
export async function saveVideoAsMp4(video: Video, ffmpeg: string, mp4: string): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-video-" });
  try {
    const webm = `${dir}/scenario.webm`;
    try {
      await video.saveAs(webm);
    } catch (err) {
      throw new DeviceError(`video: the recording could not be saved: ${messageOf(err)}`);
    }
    await Deno.mkdir(dirname(mp4), { recursive: true });
    await remuxToMp4(ffmpeg, webm, mp4);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
