// What the global set-up hands to the tests, through environment variables (Playwright
// copies the set-up's process.env to every worker).
export interface E2eEnv {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  token: string;
  dbPath: string;
  cohortName: string;
}

const KEYS = {
  origin: 'TOE_E2E_ORIGIN',
  token: 'TOE_E2E_TOKEN',
  dbPath: 'TOE_E2E_DB',
  cohortName: 'TOE_E2E_COHORT',
} as const;

export function writeE2eEnv(env: E2eEnv): void {
  for (const [field, key] of Object.entries(KEYS)) process.env[key] = env[field as keyof E2eEnv];
}

export function readE2eEnv(): E2eEnv {
  const read = (key: string) => {
    const value = process.env[key];
    if (!value)
      throw new Error(
        `${key} is not set: run the end-to-end tests through playwright.config.ts (its global set-up).`,
      );
    return value;
  };
  return {
    origin: read(KEYS.origin),
    token: read(KEYS.token),
    dbPath: read(KEYS.dbPath),
    cohortName: read(KEYS.cohortName),
  };
}
