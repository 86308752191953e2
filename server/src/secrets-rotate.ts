/**
 * `npm run secrets:rotate`: re-seals every exchange API key under SECRETS_KEY, opening the older ones
 * with SECRETS_KEY_PREVIOUS (docs/exchanges.md, "Rotating the secrets key"). Safe to run again; exits
 * with 1 when some record's key is not known, so the old key is not dropped too early.
 */
import { loadSecretBox } from '@coinpace/adapters';
import { rotateExchangeSecrets } from '@coinpace/api';
import { connect } from '@coinpace/db';
import { ConfigError } from '@coinpace/domain';
import { loadConfig } from './config.ts';
import { MIGRATIONS_FOLDER } from './paths.ts';

/** A line for the operator: the command's output, not a log record. */
const say = (text: string) => process.stdout.write(`${text}\n`);
const complain = (text: string) => process.stderr.write(`${text}\n`);

async function rotate(): Promise<number> {
  const config = loadConfig();
  const database = await connect({
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  try {
    const secrets = await loadSecretBox({
      key: config.secrets.key,
      previous: config.secrets.previous,
      dataDir: config.dataDir,
    });
    const report = await rotateExchangeSecrets(database.db, secrets);
    say(`Re-sealed ${report.resealed} exchange key(s) under secrets key ${secrets.keyId}.`);
    if (report.changed > 0) say(`${report.changed} changed while this ran: run the command again.`);
    const unknown = Object.entries(report.unknownKeys);
    for (const [keyId, count] of unknown) {
      complain(
        `${count} record(s) are sealed with key ${keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS: add that key to SECRETS_KEY_PREVIOUS and run again.`,
      );
    }
    return unknown.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

rotate().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(
      error instanceof ConfigError
        ? error.message
        : `Rotation failed: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
