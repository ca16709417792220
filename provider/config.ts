import type * as pulumi from "@pulumi/pulumi";

/** Provider settings, from stack config (`cim:*`) with environment variables as fallback. */
export interface ProviderConfig {
  baseUrl?: string;
  region?: string;
  audience?: string;
  /** Held only in this process's memory; never returned in outputs, logs or errors. */
  token?: string;
}

let current: ProviderConfig = {};

export function setProviderConfig(config: pulumi.dynamic.Config): void {
  const read = (key: string, env: string) => config.get(`cim:${key}`) ?? process.env[env] ?? undefined;
  current = {
    baseUrl: read("baseUrl", "CIM_BASE_URL"),
    region: read("region", "CIM_REGION"),
    audience: read("audience", "CIM_AUDIENCE"),
    token: read("token", "CIM_TOKEN"),
  };
}

/** The settings of this process; environment variables alone when configure() has not run (reads). */
export function providerConfig(): ProviderConfig {
  if (!current.baseUrl && !current.token) {
    return {
      baseUrl: process.env.CIM_BASE_URL,
      region: process.env.CIM_REGION,
      audience: process.env.CIM_AUDIENCE,
      token: process.env.CIM_TOKEN,
    };
  }
  return current;
}
