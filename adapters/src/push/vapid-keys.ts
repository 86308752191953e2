/**
 * The VAPID keys that sign browser push messages (docs/alert-channels.md): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set, otherwise a pair generated once into the data folder (`vapid-keys.json`,
 * mode 0600) and kept, like the local secrets key, so every subscription stays valid across restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export const VAPID_KEYS_FILE = 'vapid-keys.json';
export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@coinpace.local';

export interface VapidKeys {
  /** base64url of the 65-byte P-256 point: the browser subscribes with it. */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact of the sender. */
  subject: string;
}

/** A fresh pair (tests, and the first start without settings). */
export function generateVapidKeys(subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject };
}

export async function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
  dataDir: string;
}): Promise<VapidKeys> {
  const subject = options.subject ?? DEFAULT_VAPID_SUBJECT;
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject };
  }
  const file = path.resolve(options.dataDir, VAPID_KEYS_FILE);
  const read = async () => {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const keys = generateVapidKeys(subject);
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`, {
    mode: 0o600,
  });
  try {
    await chmod(draft, 0o600);
    await link(draft, file);
    return keys;
  } catch (error) {
    // Another process kept its pair first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}
