/**
 * The driver contract on the remote driver against the fake Appium server (UiAutomator2
 * sessions: the contract screen as `/source` XML, reacting to W3C actions): relaunch through the
 * Appium app-management commands, a kill as the server going away.
 */
import { type ContractScreen, type ContractSubject, runDriverContract } from "../contract.ts";
import { FakeAppium } from "../../support/fake_appium/server.ts";
import { contractApk, remoteEffective, remoteRun, startRemote } from "./fixture.ts";

async function openRemote(screen: ContractScreen): Promise<ContractSubject> {
  const appium = new FakeAppium({ apk: contractApk(screen) });
  const { env, driver } = await startRemote(remoteRun(remoteEffective(appium.url)));
  return {
    driver,
    relaunch: () => env.relaunch({}),
    kill: () => appium.close(),
    teardown: async () => {
      await env.teardown();
      await appium.close();
    },
  };
}

Deno.test("the remote driver keeps the driver contract (fake Appium, UiAutomator2 sessions)", (t) =>
  runDriverContract(t, openRemote));
