/**
 * Scenario-wide web video end to end, in a child process whose `PLAYWRIGHT_BROWSERS_PATH` is a
 * temp dir (playwright-core reads it once, at import): the environment links the system ffmpeg
 * where Playwright looks, records the context, and writes `<sid>/scenario.mp4` at teardown.
 *
 * Run as a script with BAJUTSU_WEB_VIDEO_CHILD=1, this file is the child.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createWebFactory } from "../../src/drivers/web/environment.ts";
import { FFMPEG_REVISION } from "../../src/drivers/web/video.ts";
import { html, startRequest, webEffective, withServer } from "../drivers/web/fixture.ts";

/** The child: one lease with video, a few taps, teardown. */
async function child(out: string): Promise<void> {
  await withServer({
    "/": () => html(`<button data-testid="b" onclick="this.textContent++">0</button>`),
  }, async (base) => {
    const factory = await createWebFactory(webEffective({ baseUrl: `${base}/` }));
    try {
      const env = await factory.create("lane", "playwright");
      const driver = await env.start({ ...startRequest(), videoPath: out });
      for (let i = 0; i < 5; i++) await driver.tap({ id: "b" });
      await env.teardown();
    } finally {
      await factory.close();
    }
  });
}

if (import.meta.main && Deno.env.get("BAJUTSU_WEB_VIDEO_CHILD") === "1") {
  await child(Deno.env.get("VIDEO_OUT")!);
}

Deno.test("a scenario that records video gets <sid>/scenario.mp4 (system ffmpeg, remuxed)", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "bajutsu-video-test-" });
  try {
    const out = join(tmp, "run", "00-demo", "scenario.mp4");
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const result = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--config", join(root, "deno.json"), fileURLToPath(import.meta.url)],
      env: {
        BAJUTSU_WEB_VIDEO_CHILD: "1",
        VIDEO_OUT: out,
        PLAYWRIGHT_BROWSERS_PATH: join(tmp, "pw"),
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 0, stderr);
    const mp4 = await Deno.readFile(out);
    assert.equal(new TextDecoder().decode(mp4.subarray(4, 8)), "ftyp", "an MP4 container");
    assert.ok(mp4.length > 1000, `${mp4.length} bytes`);
    const link = join(tmp, "pw", `ffmpeg-${FFMPEG_REVISION}`, "ffmpeg-linux");
    assert.ok(
      (await Deno.lstat(link)).isSymlink,
      "the system ffmpeg is linked where Playwright looks",
    );
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
