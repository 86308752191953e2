/**
 * Test support: a flood of wrong sign-ins from its own thread, as if from another machine, so the
 * flood's client work does not slow the API under test beyond what its requests cost the API. Not
 * used in production.
 */
import { Worker } from 'node:worker_threads';
import { hashPassword } from '@coinpace/adapters';

export interface SignInFloodOptions {
  /** The API's base URL. */
  url: string;
  /** Sign-ins in flight at once. */
  concurrency: number;
  /** Ms each attacker waits after an answer before its next sign-in. */
  pauseMs: number;
  /** Every other sign-in guesses this e-mail's password; the rest spray made-up e-mails. */
  email: string;
  /** The first four groups of the IPv6 /64 the flood's addresses are in, e.g. `2001:db8:bad:1`. */
  prefix64: string;
  /** Extra request headers (the site password, say). */
  headers?: Record<string, string>;
}

export interface SignInFloodResult {
  sent: number;
  /** Answers by status ('error' for a request that got none). */
  counts: Record<string, number>;
}

// Plain JavaScript: the worker runs it as is. Each sign-in comes from a new address of the /64, as the
// proxy in front appended it.
const FLOOD = `
const { parentPort, workerData: o } = require('node:worker_threads');
let flooding = true;
let sent = 0;
const counts = {};
parentPort.on('message', () => { flooding = false; });
const address = (i) => o.prefix64 + ':' + (i % 65536).toString(16) + ':' + Math.floor(i / 65536).toString(16) + '::1';
const attacker = async () => {
  while (flooding) {
    const i = (sent += 1);
    const email = i % 2 === 0 ? o.email : 'sprayed' + i + '@example.test';
    let status = 'error';
    try {
      const response = await fetch(o.url + '/api/auth/local/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address(i), ...o.headers },
        body: JSON.stringify({ email, password: 'guess number ' + i }),
      });
      await response.arrayBuffer();
      status = String(response.status);
    } catch {}
    counts[status] = (counts[status] || 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, o.pauseMs));
  }
};
Promise.all(Array.from({ length: o.concurrency }, attacker)).then(() => parentPort.postMessage({ sent, counts }));
`;

/** Starts the flood; `stop()` ends it once every request in flight is answered and returns the tally. */
export function startSignInFlood(options: SignInFloodOptions): { stop(): Promise<SignInFloodResult> } {
  const worker = new Worker(FLOOD, { eval: true, workerData: { headers: {}, ...options } });
  const result = new Promise<SignInFloodResult>((resolve, reject) => {
    worker.once('message', (tally: SignInFloodResult) => {
      resolve(tally);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

/**
 * How long a real user's sign-in may take during a flood: 2 s, a wait a person still reads as a slow
 * answer rather than a broken page. On a machine so loaded that one
 * password hash, timed just before, takes more than a quarter of that, four such hashes instead (a
 * sign-in may wait for one hash already running, then runs its own), so a test measures the queue, not
 * the machine; a sign-in queued behind a flood's hashes takes ten or more.
 */
export const SIGN_IN_WITHIN_MS = 2_000;
const HASHES_WITHIN = 4;

/** Runs `fn` and measures how long its answer took, ms. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await fn();
  return { answer, ms: performance.now() - started };
}

/** The bound for the next sign-in: 2 s, or four hashes on a machine where one takes more than 0.5 s. */
export async function signInBoundNow(): Promise<number> {
  const probe = await timed(() => hashPassword('a probe password'));
  return Math.round(Math.max(SIGN_IN_WITHIN_MS, HASHES_WITHIN * probe.ms));
}

export interface SignInTry {
  status: number;
  ms: number;
  /** The bound it had (signInBoundNow just before). */
  bound: number;
}

/** `tries` sign-ins by `signIn`, one after another 100 ms apart, each timed against its bound. */
export async function timedSignIns(
  tries: number,
  signIn: () => Promise<{ status: number }>,
): Promise<SignInTry[]> {
  const made: SignInTry[] = [];
  for (let i = 0; i < tries; i += 1) {
    const bound = await signInBoundNow();
    const { answer, ms } = await timed(signIn);
    made.push({ status: answer.status, ms: Math.round(ms), bound });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return made;
}
