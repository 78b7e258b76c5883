/** Finding ffmpeg for Playwright's recorder: keep one in place, else link the system's, else fail. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { systemProbe } from "../../../src/drivers/web/browsers.ts";
import { FfmpegNotFound } from "../../../src/drivers/web/errors.ts";
import {
  ensureFfmpeg,
  FFMPEG_REVISION,
  playwrightFfmpegPath,
} from "../../../src/drivers/web/video.ts";

/** The real file system, with the Playwright cache moved into `cache`. */
function probeWithCache(cache: string) {
  const real = systemProbe();
  return {
    ...real,
    platform: "linux",
    env: (n: string) => n === "PLAYWRIGHT_BROWSERS_PATH" ? cache : undefined,
  };
}

Deno.test("ffmpeg is expected at <cache>/ffmpeg-<rev>/ffmpeg-linux|mac", () => {
  const probe = probeWithCache("/pw");
  assert.equal(playwrightFfmpegPath(probe), `/pw/ffmpeg-${FFMPEG_REVISION}/ffmpeg-linux`);
  assert.equal(
    playwrightFfmpegPath({ ...probe, platform: "darwin" }),
    `/pw/ffmpeg-${FFMPEG_REVISION}/ffmpeg-mac`,
  );
});

Deno.test("the system ffmpeg is linked where Playwright looks; a second call keeps the link", async () => {
  const tmp = await Deno.makeTempDir();
  try {
    const system = join(tmp, "usr-bin-ffmpeg");
    await Deno.writeTextFile(system, "#!/bin/sh\n");
    const probe = probeWithCache(join(tmp, "pw"));
    assert.equal(await ensureFfmpeg(probe, [join(tmp, "missing"), system]), system);
    const link = playwrightFfmpegPath(probe)!;
    assert.equal(await Deno.readLink(link), system);
    assert.equal(await ensureFfmpeg(probe, [system]), system);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});

Deno.test("no ffmpeg anywhere: FfmpegNotFound names apt-get install ffmpeg", async () => {
  const tmp = await Deno.makeTempDir();
  try {
    const err = await ensureFfmpeg(probeWithCache(tmp), [join(tmp, "none")]).then(
      () => null,
      (e) => e,
    );
    assert.ok(err instanceof FfmpegNotFound);
    assert.match(err.message, /sudo apt-get install ffmpeg/);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
