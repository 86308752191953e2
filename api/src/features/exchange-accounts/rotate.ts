/**
 * The secrets key's rotation (`npm run secrets:rotate`, docs/exchanges.md): every exchange key sealed
 * under an older key is opened with it (SECRETS_KEY_PREVIOUS) and sealed again under SECRETS_KEY. A
 * record changed meanwhile is left for the next run; one whose key is not known is counted, never lost.
 */
import type { SecretBox } from '@coinpace/adapters';
import { listCredentialsToReseal, resealCredentials, type AppDb } from '@coinpace/db';
import { resealed } from './credentials.ts';

export interface RotationReport {
  /** Records sealed again under the current key. */
  resealed: number;
  /** Records sealed with a key neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS, by key id. */
  unknownKeys: Record<string, number>;
  /** Records that changed while this ran (run again). */
  changed: number;
}

export async function rotateExchangeSecrets(db: AppDb, secrets: SecretBox): Promise<RotationReport> {
  const report: RotationReport = { resealed: 0, unknownKeys: {}, changed: 0 };
  for (const record of await listCredentialsToReseal(db, secrets.keyId)) {
    if (!secrets.knows(record.keyId)) {
      report.unknownKeys[record.keyId] = (report.unknownKeys[record.keyId] ?? 0) + 1;
      continue;
    }
    const next = resealed(secrets, record);
    if (await resealCredentials(db, record.id, record, next)) report.resealed += 1;
    else report.changed += 1;
  }
  return report;
}
