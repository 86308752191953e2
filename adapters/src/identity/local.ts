import {
  createPublicKey,
  createSign,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TokenRejectedError, type IdentityVerifier, type VerifiedIdentity } from './port.ts';
import { verifySessionJwt } from './verify-jwt.ts';

/** Issuer of local session tokens. */
export const LOCAL_ISSUER = 'coinpace-local';
/** Lifetime of a local session token: seven days, seconds. */
export const LOCAL_TOKEN_TTL_S = 7 * 24 * 3600;
const KEY_FILE = 'local-identity-key.pem';

/** The embedded identity: local accounts with RS256 session tokens signed by a key kept in DATA_DIR. */
export interface LocalIdentity extends IdentityVerifier {
  readonly mode: 'local';
  /** A fresh subject for a new local account. */
  newSubject(): string;
  /** Signs a session token for a subject. `now` in ms. */
  issueToken(subject: string, now?: number): string;
}

/**
 * Loads the signing key from `dataDir` (generating it once, mode 0600), or uses `privateKeyPem` when
 * given (tests). Tokens are verified with the same `verifyToken` as Clerk's, so one code path checks
 * every token's signature, expiry and not-before.
 */
export async function createLocalIdentity(options: {
  dataDir?: string;
  privateKeyPem?: string;
}): Promise<LocalIdentity> {
  const privateKeyPem = options.privateKeyPem ?? (await loadOrCreateKey(options.dataDir ?? './.data'));
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();

  return {
    mode: 'local',
    newSubject: () => `local_${randomUUID().replaceAll('-', '')}`,
    issueToken(subject: string, now = Date.now()): string {
      const iat = Math.floor(now / 1000);
      const header = encode({ alg: 'RS256', typ: 'JWT', kid: 'coinpace-local' });
      const payload = encode({
        sub: subject,
        iss: LOCAL_ISSUER,
        iat,
        nbf: iat - 5,
        exp: iat + LOCAL_TOKEN_TTL_S,
      });
      const signature = createSign('RSA-SHA256')
        .update(`${header}.${payload}`)
        .sign(privateKeyPem)
        .toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
    async verify(token: string): Promise<VerifiedIdentity> {
      const claims = await verifySessionJwt(token, { jwtKey: publicKeyPem });
      if (claims.iss !== LOCAL_ISSUER || !claims.sub.startsWith('local_'))
        throw new TokenRejectedError('not-a-local-token');
      return { subject: claims.sub, provider: 'local', expiresAt: claims.exp };
    },
  };
}

async function loadOrCreateKey(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, KEY_FILE);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  // 2048 bits: Clerk's PEM loader assumes a 2048-bit SPKI (LIBRARIES.md section 1).
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // Every role of a deployment can start at once on one DATA_DIR. Writing the key file in place let a
  // process starting beside the writer read it empty or half written and fail to start (a fault run
  // lost a poller that way). The key is written whole to a file of this process's own, then linked to
  // its name: the name appears with the whole key or not at all, and only the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, privateKey, { mode: 0o600 });
  try {
    await chmod(draft, 0o600);
    await link(draft, file);
    return privateKey;
  } catch (error) {
    // Another process linked its key first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file, 'utf8');
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * scrypt cost of new hashes: OWASP's password storage guidance (N=2^17, r=8, p=1; 128 MiB, about
 * 0.3 s of one core). The stored format carries the parameters, so hashes made with an older cost
 * still verify and are rehashed at the next sign-in ({@link passwordNeedsRehash}).
 */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 64 } as const;
/** Memory scrypt may use: 128 * N * r bytes for the current cost, plus headroom. */
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

/** Hashes a password with scrypt and a random salt: `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** Checks a password against a hash from {@link hashPassword}, in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  // A tampered row must not make one sign-in cost more than today's hash does.
  if (!(Number(n) <= SCRYPT.N && Number(r) <= SCRYPT.r && Number(p) <= SCRYPT.p)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than today's {@link SCRYPT} (or is unreadable). */
export function passwordNeedsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== SCRYPT.N || Number(r) !== SCRYPT.r || Number(p) !== SCRYPT.p;
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_PASSWORD_HASH =
  `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$AAAAAAAAAAAAAAAAAAAAAA$` +
  Buffer.alloc(64).toString('base64url');

function scryptAsync(
  password: string,
  salt: Buffer,
  opts: { N: number; r: number; p: number; keylen: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      opts.keylen,
      { N: opts.N, r: opts.r, p: opts.p, maxmem: SCRYPT_MAXMEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}
