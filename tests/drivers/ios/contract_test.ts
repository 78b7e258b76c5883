/**
 * The driver contract on the iOS driver: the contract screen as a fake app behind a fake
 * WebDriverAgent (loopback HTTP, WDA's JSON tree and replies), relaunch as simctl does it (a new
 * app process the session follows), a kill as the runner dying.
 */
import { type ContractScreen, type ContractSubject, runDriverContract } from "../contract.ts";
import { contractApp } from "../fake/contract_app.ts";
import { BUNDLE, openWdaLab } from "./wda_fixture.ts";

async function openIos(screen: ContractScreen): Promise<ContractSubject> {
  // One attempt per call: a dead runner is reported at once instead of after backoff.
  const lab = await openWdaLab(contractApp(screen), { maxAttempts: 1 });
  return {
    driver: lab.driver,
    relaunch: () => {
      lab.host.launch(BUNDLE, [], {});
      lab.driver.invalidate();
      return Promise.resolve();
    },
    kill: () => lab.wda.close(),
    teardown: () => lab.close(),
  };
}

Deno.test("the iOS driver keeps the driver contract (fake WebDriverAgent)", (t) =>
  runDriverContract(t, openIos));
