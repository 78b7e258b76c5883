/**
 * Per-step interval captures on Android (docs/backends.md#evidence): the device log is
 * `adb logcat` filtered to the app's pid, the video `adb shell screenrecord` into a file on the
 * device, pulled when the step ends. Both run in process groups of their own and are stopped with
 * them, so a cancelled or aborted run leaves neither behind.
 *
 * @module
 */
import type { DriverInterval } from "../driver.ts";
import type { Clock } from "../../time/clock.ts";
import { type GroupChild, spawnGroupChild } from "../../process/group_child.ts";
import { type Adb, shellQuote } from "./adb.ts";
import { AdbCommandFailed } from "./adb_errors.ts";

/** How long screenrecord may take to finalize its file after the stop, seconds. */
export const VIDEO_FINALIZE_S = 10;

/** The running recordings of one driver, so teardown can stop what a step left running. */
export class IntervalSet {
  readonly #running = new Set<GroupChild>();

  track(child: GroupChild): GroupChild {
    this.#running.add(child);
    child.exited.then(() => this.#running.delete(child));
    return child;
  }

  /** Stops everything still recording. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#running].map((c) => c.stop({ graceMs: 2000 })));
  }
}

/** `adb logcat` of the app's process into `path` until stopped. */
export async function startDeviceLog(
  adb: Adb,
  appPackage: string,
  path: string,
  set: IntervalSet,
): Promise<DriverInterval> {
  const pid = await adb.pidOf(appPackage);
  // From the device's "now" on: lines logged while logcat starts are kept.
  const now = (await adb.shell(["date", shellQuote("+%m-%d %H:%M:%S.000")], { check: false }))
    .trim();
  const since = /^\d\d-\d\d \d\d:\d\d:\d\d\.000$/.test(now) ? now : "1";
  const args = ["-s", adb.serial, "logcat", "-v", "threadtime", "-T", since];
  if (pid !== null) args.push(`--pid=${pid}`);
  const child = set.track(spawnGroupChild({ cmd: adb.adbPath, args, output: { file: path } }));
  return {
    kind: "deviceLog",
    path,
    stop: async () => {
      await child.stop({ graceMs: 2000 });
    },
  };
}

/** `adb shell screenrecord` into a device file, pulled to `path` when stopped. */
export async function startVideo(
  adb: Adb,
  path: string,
  set: IntervalSet,
  clock: Clock,
  segment: number,
): Promise<DriverInterval> {
  const remote = `/sdcard/bajutsu-segment-${segment}.mp4`;
  const child = set.track(spawnGroupChild({
    cmd: adb.adbPath,
    args: ["-s", adb.serial, "shell", "screenrecord", remote],
  }));
  await Promise.resolve();
  return {
    kind: "video",
    path,
    stop: async () => {
      // SIGINT ends the local client; the device's screenrecord gets the hang-up and finalizes.
      await child.stop({ signal: "SIGINT", graceMs: 5000 });
      const deadline = clock.now() + VIDEO_FINALIZE_S;
      while (await adb.pidOf("screenrecord") !== null) {
        if (clock.now() >= deadline) {
          throw new AdbCommandFailed(
            `screenrecord on ${adb.serial} did not finish its file within ${VIDEO_FINALIZE_S}s`,
          );
        }
        await clock.sleep(0.2);
      }
      await adb.exec(["pull", remote, path]);
      await adb.exec(["shell", "rm", "-f", remote], { check: false });
    },
  };
}
