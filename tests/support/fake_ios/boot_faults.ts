/**
 * CoreSimulator's intermittent boot failure, as the fake `xcrun` plays it: `simctl boot` (and a
 * `bootstatus -b` that boots the device itself) answers with launchd_sim not coming up, exit 60,
 * and leaves the device Shutdown. The text is simctl's own, byte for byte.
 *
 * @example
 * ```ts
 * const mac = await FakeIos.create((s) => {
 *   s.simctlFaults.push(...launchdBootFaults({ boots: 1 })); // bootstatus -b then boots it
 * });
 * ```
 *
 * @module
 */
import type { SimctlFault } from "./state.ts";

/** What `xcrun simctl boot` prints on stderr when launchd_sim does not come up. */
export const LAUNCHD_BOOT_FAILURE =
  "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=60):\n" +
  "Unable to boot the Simulator.\n" +
  "launchd failed to respond.\n" +
  "Underlying error (domain=com.apple.SimLaunchHostService.RequestError, code=4):\n" +
  "\tFailed to start launchd_sim: could not bind to session, launchd_sim may have crashed or " +
  "quit responding";

/** simctl's exit code for it (the NSPOSIXErrorDomain code, ETIMEDOUT). */
export const LAUNCHD_BOOT_EXIT = 60;

/** As many times as a run can ask: every call fails. */
export const ALWAYS = 1000;

/**
 * The faults of a flaky CoreSimulator: the next `boots` `simctl boot` calls and the next
 * `bootstatuses` `simctl bootstatus` calls (on `udid`, else any device) fail with
 * {@link LAUNCHD_BOOT_FAILURE}, exit 60, the device left Shutdown.
 *
 * - `{ boots: 2 }`: each of the first two boots fails, and the `bootstatus -b` after it boots.
 * - `{ boots: 1, bootstatuses: 1 }`: `bootstatus -b` does not help; a shutdown + boot does.
 * - `{ boots: ALWAYS, bootstatuses: ALWAYS }`: the device never boots.
 *
 * @example
 * ```ts
 * s.simctlFaults.push(...launchdBootFaults({ boots: 1, bootstatuses: 1 }));
 * ```
 */
export function launchdBootFaults(
  opts: { boots: number; bootstatuses?: number; udid?: string },
): SimctlFault[] {
  const fault = (subcommand: string, times: number): SimctlFault => ({
    subcommand,
    times,
    exit: LAUNCHD_BOOT_EXIT,
    stderr: LAUNCHD_BOOT_FAILURE,
    shutsDown: true,
    ...(opts.udid ? { udid: opts.udid } : {}),
  });
  const faults = [fault("boot", opts.boots)];
  if (opts.bootstatuses) faults.push(fault("bootstatus", opts.bootstatuses));
  return faults;
}
