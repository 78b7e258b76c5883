/**
 * Device and navigation commands: `back`, `setLocation`, `takeScreenshot`, and the ones with no
 * bajutsu form (`travel`, `addMedia`, recording, airplane mode, `openBrowser`)
 * (docs/import-maestro.md#device-and-navigation).
 *
 * @module
 */
import { Untranslatable } from "../findings.ts";
import type { Handler } from "../translator.ts";
import { child } from "../values.ts";
import { SCREENSHOT_SETTLE_S } from "./timing.ts";

const back: Handler = (cmd, t) => [t.step(cmd, { back: {} })];

const setLocation: Handler = (cmd, t) => {
  const coordinate = (key: string) => {
    const text = t.text(cmd, child(cmd.value, key));
    if (text === undefined) {
      throw new Untranslatable("OPTION", `no ${key} given`, "give latitude and longitude");
    }
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n)) {
      throw new Untranslatable(
        "OPTION",
        `${key} ${JSON.stringify(text)} is not a number known when importing`,
        `write the ${key} as a number`,
      );
    }
    return n;
  };
  return [
    t.step(cmd, { setLocation: { lat: coordinate("latitude"), lon: coordinate("longitude") } }),
  ];
};

/**
 * Every bajutsu step records its screenshots, so a settle wait named after the screenshot
 * stands for it: its `after.png` is the picture, in the evidence folder of that name.
 */
const takeScreenshot: Handler = (cmd, t) => {
  const v = cmd.value;
  const path = v?.kind === "map" ? t.text(cmd, child(v, "path")) : t.text(cmd, v);
  const name = (path ?? "screenshot").replace(/[/\\]/g, "-").replace(/^\.+$/, "screenshot");
  return [t.step(cmd, { name, wait: { until: "settled", timeout: SCREENSHOT_SETTLE_S } })];
};

function none(why: string, instead: string): Handler {
  return () => {
    throw new Untranslatable("NO_EQUIVALENT", why, instead);
  };
}

/** The device family. */
export const DEVICE_COMMANDS: Record<string, Handler> = {
  back,
  setLocation,
  takeScreenshot,
  travel: none(
    "bajutsu sets one location, not a route",
    "`setLocation` steps at the points that matter",
  ),
  addMedia: none(
    "bajutsu does not add media to the device",
    "add the files to the simulator or emulator before the run",
  ),
  startRecording: none(
    "bajutsu records video per step, not on command",
    "`capture: [video]` on the steps to record",
  ),
  stopRecording: none(
    "bajutsu records video per step, not on command",
    "`capture: [video]` on the steps to record",
  ),
  setAirplaneMode: none("bajutsu does not switch the network off", "stub the network with `mocks`"),
  toggleAirplaneMode: none(
    "bajutsu does not switch the network off",
    "stub the network with `mocks`",
  ),
  openBrowser: none("bajutsu drives the app, not another browser", "a web target for the page"),
};
