import assert from "node:assert/strict";
import { el, recordingDriver } from "./driver_double.ts";
import { sinkFixture } from "./sink_fixture.ts";

/** Lets pending timers and promise callbacks run. */
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

/**
 * A sink whose writes are recorded by path (relative to the run dir) as they start; `posts` holds
 * the paths of the post-step trees (their content names a `-post` element).
 */
async function recordingSink() {
  const started: string[] = [];
  const posts: string[] = [];
  let runDir = "";
  const f = await sinkFixture({
    writeFile: (path, data, mode) => {
      const rel = path.slice(runDir.length + 1).replace(
        /\/\.?([^/]+?)(\.\d+\.[0-9a-f-]+\.tmp)?$/,
        "/$1",
      );
      started.push(rel);
      if (typeof data === "string" && data.includes("-post")) posts.push(rel);
      return Deno.writeFile(
        path,
        typeof data === "string" ? new TextEncoder().encode(data) : data,
        {
          mode,
        },
      );
    },
  });
  runDir = f.runDir;
  return { f, started, posts };
}

/** One leaf step's evidence: baseline, after-shot, post tree. */
async function step(
  sink: Awaited<ReturnType<typeof sinkFixture>>["sink"],
  dir: string,
  holdWrites: boolean,
) {
  const { driver } = recordingDriver({ bytes: true, tree: [el({ identifier: dir })] });
  await sink.before(driver, dir, [el({ identifier: `${dir}-pre` })], { holdWrites });
  await sink.afterShot(driver, dir);
  await sink.capture(driver, dir, ["elements"], { elements: [el({ identifier: `${dir}-post` })] });
}

Deno.test("a step that holds writes starts none of them, nor the earlier step's, until a step that acts begins", async () => {
  const { f, started, posts } = await recordingSink();
  try {
    f.sink.beginScenario("s");
    await step(f.sink, "step0", false);
    // step1 begins before step0's last queued write (its post tree, queued at the end of step0)
    // could start: a write starts only after a turn of the loop, and none comes in between.
    // (step0's earlier writes may have started while step0 waited for its folder.)
    await step(f.sink, "step1", true);
    await turns();
    assert.deepEqual(
      started.filter((p) => p.startsWith("s/step1/")),
      [],
      "the holding step's own files wait",
    );
    assert.ok(
      !posts.includes("s/step0/elements.json"),
      "a write of the earlier step that had not started waits too",
    );
    const { driver } = recordingDriver({ bytes: true });
    await f.sink.before(driver, "step2", null);
    await turns();
    for (const file of ["after.png", "before.png", "elements.json"]) {
      assert.ok(started.includes(`s/step1/${file}`), `step1/${file} is written once step2 acts`);
    }
    assert.ok(posts.includes("s/step0/elements.json"));
    await f.sink.flush();
    const post = JSON.parse(await Deno.readTextFile(f.path("s", "step1", "elements.json")));
    assert.equal(post[0].identifier, "step1-post", "the post tree still replaces the baseline");
  } finally {
    await f.cleanup();
  }
});

Deno.test("flush writes what a holding step queued", async () => {
  const { f, started } = await recordingSink();
  try {
    f.sink.beginScenario("s");
    await step(f.sink, "step0", true);
    await turns();
    assert.deepEqual(started, []);
    await f.sink.flush();
    assert.deepEqual(await f.tree(), [
      "s",
      "s/step0",
      "s/step0/after.png",
      "s/step0/before.png",
      "s/step0/elements.json",
    ]);
  } finally {
    await f.cleanup();
  }
});
