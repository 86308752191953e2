import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SECRETS_KEY_FILE,
  SecretsError,
  createSecretBox,
  decodeSecretsKey,
  loadSecretBox,
  secretsKeyId,
} from './secret-box.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const secret = JSON.stringify({ apiKey: 'k-123', secret: 's3cr3t-value' });

describe('secret box', () => {
  it('opens what it sealed, and the sealed text holds no part of the secret', () => {
    const box = createSecretBox(oldKey);
    const sealed = box.seal(secret, 'exchange-account:1');
    expect(sealed.keyId).toBe(secretsKeyId(oldKey));
    expect(sealed.data).not.toContain('s3cr3t');
    expect(box.open(sealed, 'exchange-account:1')).toBe(secret);
    // A fresh nonce each time: sealing twice gives two texts.
    expect(box.seal(secret, 'exchange-account:1').data).not.toBe(sealed.data);
  });

  it('refuses a changed ciphertext, a changed tag, and a record moved to another row', () => {
    const box = createSecretBox(oldKey);
    const sealed = box.seal(secret, 'exchange-account:1');
    const parts = sealed.data.split('.');
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const at of [2, 3]) {
      const changed = [...parts];
      changed[at] = flip(changed[at]!);
      expect(() => box.open({ ...sealed, data: changed.join('.') }, 'exchange-account:1')).toThrow(
        expect.objectContaining({ reason: 'tampered' }),
      );
    }
    expect(() => box.open(sealed, 'exchange-account:2')).toThrow(SecretsError);
    expect(() => box.open({ ...sealed, data: 'v1.abc' }, 'exchange-account:1')).toThrow(
      expect.objectContaining({ reason: 'tampered' }),
    );
  });

  it('refuses a record whose key id it does not know, naming the key and not the secret', () => {
    const sealed = createSecretBox(oldKey).seal(secret, 'ctx');
    const other = createSecretBox(newKey);
    expect(other.knows(sealed.keyId)).toBe(false);
    try {
      other.open(sealed, 'ctx');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SecretsError);
      expect((error as SecretsError).reason).toBe('unknown-key');
      expect((error as Error).message).toContain(sealed.keyId);
      expect((error as Error).message).not.toContain('s3cr3t');
    }
    // A record relabelled with the other key's id does not open either.
    expect(() => other.open({ ...sealed, keyId: other.keyId }, 'ctx')).toThrow(
      expect.objectContaining({ reason: 'tampered' }),
    );
  });

  it('rotates: the new box opens old records and re-seals them under the new key', () => {
    const before = createSecretBox(oldKey).seal(secret, 'ctx');
    const rotated = createSecretBox(newKey, [oldKey]);
    expect(rotated.keyId).toBe(secretsKeyId(newKey));
    const after = rotated.seal(rotated.open(before, 'ctx'), 'ctx');
    expect(after.keyId).toBe(rotated.keyId);
    // Once the old key is dropped, only the re-sealed record opens.
    const onlyNew = createSecretBox(newKey);
    expect(onlyNew.open(after, 'ctx')).toBe(secret);
    expect(() => onlyNew.open(before, 'ctx')).toThrow(expect.objectContaining({ reason: 'unknown-key' }));
  });

  it('reads keys as hex, base64 and base64url, and refuses other lengths', () => {
    expect(decodeSecretsKey(oldKey.toString('hex')).equals(oldKey)).toBe(true);
    expect(decodeSecretsKey(oldKey.toString('base64')).equals(oldKey)).toBe(true);
    expect(decodeSecretsKey(oldKey.toString('base64url')).equals(oldKey)).toBe(true);
    expect(() => decodeSecretsKey(randomBytes(16).toString('hex'))).toThrow(SecretsError);
  });

  describe('local mode', () => {
    let dir = '';
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('generates one key into the data folder (mode 0600) and keeps using it', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'coinpace-secrets-'));
      const boxes = await Promise.all([1, 2, 3].map(() => loadSecretBox({ dataDir: dir })));
      expect(new Set(boxes.map((b) => b.keyId)).size).toBe(1);
      const file = path.join(dir, SECRETS_KEY_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const again = await loadSecretBox({ dataDir: dir });
      expect(again.open(boxes[0]!.seal(secret, 'ctx'), 'ctx')).toBe(secret);
      expect(secretsKeyId(decodeSecretsKey(await readFile(file, 'utf8')))).toBe(again.keyId);
    });
  });
});
