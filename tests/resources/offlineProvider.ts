// What the provider tests without a configured stack share: the provider reads CIM_* from the environment when
// configure() has not run, so each test's environment is restored after it, with the lookup cache; the quota
// preflight is held off (it would read the API before every create).
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";

/** Registers the hooks; answers the environment the tests started with. */
export function offlineProvider(): NodeJS.ProcessEnv {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetLookups();
  });
  beforeAll(() => resetQuotaPreflight(() => undefined));
  afterAll(() => resetQuotaPreflight());
  return saved;
}
