/**
 * The target's app server (`launchServer`): a real process on loopback, started in its own
 * process group, ready once its readyUrl answers, stopped (group and all) at the end; a server
 * that dies or never gets ready is an error quoting its output, and leaves nothing behind.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { AppServerError, startAppServer } from "../../src/process/app_server.ts";
import { spawnGroupChild } from "../../src/process/group_child.ts";
import { FakeClock, realClock } from "../../src/time/clock.ts";

const SERVER = `const port = Number(Deno.env.get("PORT"));
console.log("listening in " + Deno.cwd().split("/").pop());
Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, () => new Response("hello"));
`;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/**
 * Live (not zombie) members of process group `pgid`, from /proc. An orphan's zombie lingers
 * where nothing reaps it (a container without an init), so `kill(-pgid, 0)` cannot tell.
 */
async function liveMembers(pgid: number): Promise<number[]> {
  const out: number[] = [];
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = await Deno.readTextFile(`/proc/${e.name}/stat`);
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(group) === pgid && state !== "Z") out.push(Number(e.name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** True once no live member of the group is left (SIGKILL'd members take a moment to go). */
async function groupGone(pgid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if ((await liveMembers(pgid)).length === 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

Deno.test("launchServer: started in its folder with its env, ready on readyUrl, stopped at the end", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-server-" });
  try {
    await Deno.mkdir(join(dir, "app"));
    await Deno.writeTextFile(join(dir, "app", "server.ts"), SERVER);
    const port = freePort();
    const lines: string[] = [];
    const server = await startAppServer(
      {
        cmd: `"${Deno.execPath()}" run --allow-net --allow-env --allow-read server.ts`,
        cwd: "app",
        env: { PORT: String(port) },
        readyUrl: `http://127.0.0.1:${port}/`,
      },
      dir,
      { clock: realClock, log: (l) => lines.push(l) },
    );
    assert.equal(await answers(`http://127.0.0.1:${port}/`), true);
    await server.stop();
    assert.equal(await answers(`http://127.0.0.1:${port}/`), false);
    assert.equal(await groupGone(server.pid), true, "the whole group is gone");
    assert.deepEqual(lines, ["listening in app"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("launchServer: a server that exits first is an error quoting its output", async () => {
  const err = await startAppServer(
    { cmd: "echo cannot bind; exit 3", readyUrl: "http://127.0.0.1:9/" },
    Deno.cwd(),
    {
      clock: realClock,
      log: () => {},
      probeUrl: () => Promise.resolve(false),
    },
  ).then(() => null, (e) => e);
  assert.ok(err instanceof AppServerError);
  assert.match(err.message, /exited \(code 3\) before http:\/\/127\.0\.0\.1:9\/ was ready/);
  assert.match(err.message, /cannot bind/);
});

Deno.test("launchServer: never ready within readyTimeout is an error; the server is stopped", async () => {
  const clock = new FakeClock();
  let pid = 0;
  const spawn = (opts: Parameters<typeof spawnGroupChild>[0]) => {
    const child = spawnGroupChild(opts);
    pid = child.pid;
    return child;
  };
  // The probe answers only once the server has printed, so its output is there to quote.
  let printed = () => {};
  const started = new Promise<void>((resolve) => printed = resolve);
  const err = await startAppServer(
    { cmd: "echo starting; exec sleep 30", port: 9, readyTimeout: 2 },
    Deno.cwd(),
    { spawn, clock, log: () => printed(), probePort: () => started.then(() => false) },
  ).then(() => null, (e) => e);
  assert.ok(err instanceof AppServerError);
  assert.match(
    err.message,
    /port 9 not ready after 2s \(readyTimeout\); its last output:\nstarting/,
  );
  assert.ok(clock.now() >= 2, "the deadline was reached on the injected clock");
  assert.equal(await groupGone(pid), true, "the never-ready server was stopped");
});

Deno.test("launchServer: a container image is refused (no container engine in this build)", async () => {
  await assert.rejects(
    startAppServer({ cmd: "true", dockerImage: "shop:latest" }, Deno.cwd(), {
      clock: realClock,
      log: () => {},
    }),
    (e: Error) => e instanceof AppServerError && /dockerImage is not supported/.test(e.message),
  );
});
