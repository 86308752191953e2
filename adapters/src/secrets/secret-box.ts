/**
 * Secrets at rest (exchange API keys): AES-256-GCM with a random 96-bit nonce per record. Each record
 * carries the id of the key that sealed it, so keys can be rotated: the current key seals, the current
 * and previous keys open, and `npm run secrets:rotate` re-seals every record under the current key.
 *
 * The record's context (its row id and purpose) is authenticated with it, so a sealed secret copied onto
 * another row does not open there. Nothing here logs; a failure says which key or record, never a secret.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A secret as stored: the key's id beside the sealed text. */
export interface SealedSecret {
  keyId: string;
  /** `v1.<nonce>.<ciphertext>.<tag>`, base64url parts. */
  data: string;
}

export interface SecretBox {
  /** The id of the key new records are sealed with. */
  readonly keyId: string;
  seal(plain: string, context: string): SealedSecret;
  /** Opens a record; throws SecretsError when its key is unknown or it was changed. */
  open(sealed: SealedSecret, context: string): string;
  /** Whether a record sealed with `keyId` can be opened here. */
  knows(keyId: string): boolean;
}

/** Why a secret could not be sealed or opened. The message never holds a secret. */
export class SecretsError extends Error {
  constructor(
    readonly reason: 'bad-key' | 'unknown-key' | 'tampered',
    message: string,
  ) {
    super(message);
    this.name = 'SecretsError';
  }
}

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** 32 bytes from 64 hex digits or base64 / base64url (what SECRETS_KEY holds). */
export function decodeSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 32)
    throw new SecretsError('bad-key', 'A secrets key must be 32 bytes (64 hex digits or base64).');
  return bytes;
}

/** A key's id: a short digest that names it without saying anything usable about it. */
export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update('coinpace-secrets-key-id\0').update(key).digest('hex').slice(0, 16);
}

/** A box sealing with `current` and opening with it or any of `previous`. */
export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new SecretsError('bad-key', 'A secrets key must be 32 bytes.');
  }
  const keyId = secretsKeyId(current);
  const keys = new Map<string, Buffer>([[keyId, current]]);
  for (const key of previous) {
    const id = secretsKeyId(key);
    if (!keys.has(id)) keys.set(id, key);
  }
  const aad = (id: string, context: string) => Buffer.from(`${VERSION}\0${id}\0${context}`, 'utf8');

  return {
    keyId,
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(keyId, context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return {
        keyId,
        data: [VERSION, nonce, body, tag]
          .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
          .join('.'),
      };
    },
    open(sealed, context) {
      const key = keys.get(sealed.keyId);
      if (!key) {
        throw new SecretsError(
          'unknown-key',
          `The secret was sealed with key ${sealed.keyId}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS.`,
        );
      }
      const [version, nonce, body, tag] = sealed.data.split('.');
      const tampered = () => new SecretsError('tampered', 'The sealed secret was changed or is not whole.');
      if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined)
        throw tampered();
      try {
        const tagBytes = Buffer.from(tag, 'base64url');
        const nonceBytes = Buffer.from(nonce, 'base64url');
        if (tagBytes.length !== TAG_BYTES || nonceBytes.length !== NONCE_BYTES) throw tampered();
        const decipher = createDecipheriv('aes-256-gcm', key, nonceBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(sealed.keyId, context));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw tampered();
      }
    },
    knows(id) {
      return keys.has(id);
    },
  };
}

/** The key file of local mode, beside the local sign-in key. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The box of a process: SECRETS_KEY when set, otherwise a key generated once into `dataDir` (mode 0600,
 * written whole before it gets its name, so processes starting together on one DATA_DIR share it).
 */
export async function loadSecretBox(options: {
  key?: string;
  previous?: readonly string[];
  dataDir: string;
}): Promise<SecretBox> {
  const current = options.key ? decodeSecretsKey(options.key) : await loadOrCreateKeyFile(options.dataDir);
  return createSecretBox(current, (options.previous ?? []).map(decodeSecretsKey));
}

async function loadOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.resolve(dataDir, SECRETS_KEY_FILE);
  try {
    return decodeSecretsKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, `${key.toString('base64')}\n`, { mode: 0o600 });
  try {
    await chmod(draft, 0o600);
    await link(draft, file);
    return key;
  } catch (error) {
    // Another process linked its key first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return decodeSecretsKey(await readFile(file, 'utf8'));
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}
