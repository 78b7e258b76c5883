/**
 * The driver contract on the remote driver against a real Appium server (appium 3.8.0 and its
 * fake driver, tests/support/appium/harness.ts), where the fake driver supports the operation.
 * Its page source is its app file as written: taps, typing and scrolling reach the server (see
 * tests/cli/remote_appium_test.ts for the wire) but never change the screen, so the cases that
 * observe a reacting screen are listed with that reason and run on the fake Appium server
 * (contract_test.ts) instead; relaunch, which the fake driver lacks, must be UnsupportedAction.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CONTRACT_CASES,
  CONTRACT_SCREEN,
  type ContractScreen,
  type ContractSubject,
  runDriverContract,
} from "../contract.ts";
import { UnsupportedAction } from "../../../src/drivers/driver.ts";
import {
  type AppiumInstall,
  type AppiumServer,
  ensureAppium,
  fakeDriverApp,
  startAppium,
} from "../../support/appium/harness.ts";
import { remoteEffective, remoteRun, startRemote } from "./fixture.ts";

/** Contract cases that need the screen to react to an action, which the fake driver's does not. */
const NEEDS_A_REACTING_SCREEN: Record<string, string> = {
  "tap resolves host-side and reaches the button: a counter counts each tap": "counter",
  "doubleTap and longPress reach their buttons; a tap is neither": "counters",
  "tapPoint taps raw coordinates": "counter",
  "covered: ElementNotTappable naming the cover; nothing is tapped; isTappable is false":
    "counter under the cover",
  "typing: a tapped field takes the typed text; deleteText removes from the end": "field value",
  "scroll moves the list's content by the drag's travel and stops there": "list offset",
  "swipe is sent as a literal drag and taps nothing": "counters",
  "ambiguous: AmbiguousSelector listing both candidates; index picks one":
    "counter after the index tap",
  "relaunch starts the app over: counters and fields are back at their start":
    "relaunch is UnsupportedAction here (tested below)",
};
const SUPPORTED = CONTRACT_CASES.filter((c) => !(c in NEEDS_A_REACTING_SCREEN));

const attrs = (id: string | null, label: string | null, [x, y, w, h]: number[]) =>
  `${id === null ? "" : `id="${id}" `}${label === null ? "" : `label="${label}" `}` +
  `left="${x}" top="${y}" width="${w}" height="${h}"`;

/** The contract screen in the fake driver's XML app format (list rows in view only). */
export function fakeDriverScreen(screen: ContractScreen): string {
  const elements = screen.elements.map((e) => {
    switch (e.kind) {
      case "button":
        return `<MockButton ${attrs(e.id, e.label, e.frame)}/>`;
      case "counter":
        return `<MockText ${attrs(e.id, "0", e.frame)}/>`;
      case "textField":
        return `<MockInputField ${attrs(e.id, e.label, e.frame)}/>`;
      case "overlay":
        return `<MockView ${attrs(e.id, null, e.frame)}/>`;
      case "list": {
        const inView = Math.ceil(e.frame[3] / e.rowHeight);
        const rows = Array.from(
          { length: Math.min(e.rows, inView) },
          (_, i) =>
            `<MockListItem ${
              attrs(`${e.id}.row${i}`, `Row ${i}`, [
                e.frame[0],
                e.frame[1] + i * e.rowHeight,
                e.frame[2],
                e.rowHeight,
              ])
            }/>`,
        );
        return `<MockList ${attrs(e.id, null, e.frame)}>${rows.join("")}</MockList>`;
      }
    }
  });
  return fakeDriverApp(screen.size[0], screen.size[1], elements);
}

/** One server for many subjects; a subject that kills it leaves the next to start another. */
class Servers {
  #current: AppiumServer | null = null;
  constructor(readonly install: AppiumInstall) {}

  async get(): Promise<AppiumServer> {
    return this.#current ??= await startAppium(this.install);
  }

  async kill(): Promise<void> {
    const server = this.#current;
    this.#current = null;
    await server?.kill();
  }

  async stop(): Promise<void> {
    await this.#current?.stop();
    this.#current = null;
  }
}

async function openOn(servers: Servers, screen: ContractScreen): Promise<ContractSubject> {
  const dir = await Deno.makeTempDir({ prefix: "bajutsu-appium-contract-" });
  try {
    const appFile = join(dir, "app.xml");
    await Deno.writeTextFile(appFile, fakeDriverScreen(screen));
    const server = await servers.get();
    const eff = remoteEffective(server.url, {
      deviceProvider: {
        kind: "appium",
        endpoint: server.url,
        capabilities: {
          platformName: "Fake",
          "appium:automationName": "Fake",
          "appium:app": appFile,
        },
      },
    });
    const { env, driver } = await startRemote(remoteRun(eff));
    return {
      driver,
      relaunch: () => env.relaunch({}),
      kill: () => servers.kill(),
      teardown: async () => {
        await env.teardown();
        await Deno.remove(dir, { recursive: true });
      },
    };
  } catch (err) {
    await Deno.remove(dir, { recursive: true });
    throw err;
  }
}

Deno.test("the remote driver keeps the driver contract on a real Appium server (fake driver) where it can", async (t) => {
  const servers = new Servers(await ensureAppium());
  assert.ok(SUPPORTED.length >= 8, `supported cases: ${SUPPORTED.length}`);
  try {
    await runDriverContract(t, (screen) => openOn(servers, screen), { cases: SUPPORTED });
  } finally {
    await servers.stop();
  }
});

Deno.test("real Appium fake driver: relaunch is UnsupportedAction naming the missing command; the session goes on", async () => {
  const servers = new Servers(await ensureAppium());
  const subject = await openOn(servers, CONTRACT_SCREEN);
  try {
    const err = await subject.relaunch().then(() => null, (e) => e);
    assert.ok(err instanceof UnsupportedAction, String(err));
    assert.match(err.message, /Unsupported execute method 'mobile: terminateApp'/);
    assert.ok((await subject.driver.query()).some((e) => e.identifier === "inc"));
  } finally {
    await subject.teardown();
    await servers.stop();
  }
});
