/**
 * The one place that reads the environment (STYLE.md, Config). A `.env` file in the working
 * directory is loaded first when present; variables already set win over it.
 */
import { existsSync } from 'node:fs';
import { parseConfig, type Config } from '@coinpace/domain';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): Config {
  if (env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(env);
}
