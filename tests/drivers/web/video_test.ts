/** Finding ffmpeg for Playwright's recorder: keep one in place, else link the system's, else fail. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { systemProbe } from "../../../src/drivers/web/browsers.ts";
import { FfmpegNotFound } from "../../../src/drivers/web/errors.ts";
import {
  ensureFfmpeg,
  FFMPEG_REVISION,
  playwrightFfmpegPath,
  remuxToMp4,
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

/** The process group of a process (Linux /proc). */
function pgidOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

Deno.test("the remux runs outside the run's process group, so a Ctrl-C to the group spares it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-remux-" });
  try {
    // A stand-in ffmpeg that records its own /proc stat and writes the output file.
    const fake = join(dir, "ffmpeg");
    await Deno.writeTextFile(fake, `#!/bin/sh\ncat /proc/$$/stat > "${dir}/stat"\n: > "\${10}"\n`);
    await Deno.chmod(fake, 0o755);
    await remuxToMp4(fake, join(dir, "in.webm"), join(dir, "out.mp4"));
    const ours = pgidOf(await Deno.readTextFile(`/proc/${Deno.pid}/stat`));
    assert.notEqual(pgidOf(await Deno.readTextFile(join(dir, "stat"))), ours);
    assert.ok((await Deno.stat(join(dir, "out.mp4"))).isFile);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
