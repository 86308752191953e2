/**
 * Test support: a flood of wrong sign-ins from its own thread, as if from another machine, so the
 * flood's client work does not slow the API under test beyond what its requests cost the API. Not
 * used in production.
 */
import { Worker } from 'node:worker_threads';

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
