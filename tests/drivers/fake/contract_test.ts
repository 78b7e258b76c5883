/**
 * The driver contract on the fake backend: the contract screen as a fake app (reactions that
 * increment counters, a scroll region for the list), driven in virtual time.
 */
import { type ContractScreen, type ContractSubject, runDriverContract } from "../contract.ts";
import { BackendCrashError } from "../../../src/drivers/driver.ts";
import { CrashInjector, createFakeDriver } from "../../../src/drivers/fake/mod.ts";
import { contractApp } from "./contract_app.ts";
import { FakeClock } from "../../../src/time/clock.ts";

/** A crash injector that can be switched to "dead": every later call crashes. */
class KillSwitch extends CrashInjector {
  dead = false;
  override onCall(method: string): void {
    if (this.dead) throw new BackendCrashError(`fake backend is dead (${method})`);
    super.onCall(method);
  }
}

function openFake(screen: ContractScreen): Promise<ContractSubject> {
  const crashes = new KillSwitch([]);
  const driver = createFakeDriver(contractApp(screen), { clock: new FakeClock(), crashes });
  return Promise.resolve({
    driver,
    relaunch: () => driver.relaunch(),
    kill: () => {
      crashes.dead = true;
      return Promise.resolve();
    },
    teardown: () => Promise.resolve(),
  });
}

Deno.test("the fake driver keeps the driver contract", (t) => runDriverContract(t, openFake));
