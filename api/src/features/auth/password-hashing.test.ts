import { AppError } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { createHashQueue, type HashSender } from './password-hashing.ts';

const clean = (key: string): HashSender => ({ key, clean: true });
const stained = (key: string): HashSender => ({ key, clean: false });

/** A queue of one hash at a time whose jobs finish when the test says, recording the order they ran in. */
function harness(options: { waiting: number; shared: number; reservedPerKey: number }) {
  const refused: string[] = [];
  const ran: string[] = [];
  const finish = new Map<string, () => void>();
  const queue = createHashQueue({
    concurrency: 1,
    ...options,
    onRefused: async (sender) => {
      refused.push(sender.key);
    },
  });
  const settled = new Map<string, Promise<string>>();
  const submit = (name: string, sender: HashSender) => {
    const answer = queue
      .run(
        () =>
          new Promise<string>((resolve) => {
            ran.push(name);
            finish.set(name, () => resolve(name));
          }),
        sender,
      )
      .catch((err: unknown) => (err instanceof AppError ? err.code : 'thrown'));
    settled.set(name, answer);
    return answer;
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const done = async (name: string) => {
    finish.get(name)!();
    await tick();
  };
  return { submit, done, ran, refused, settled, tick };
}

describe('the password-hashing queue', () => {
  it('keeps places for clean keys, at most a few per key, and refuses past them (at the sender’s cost)', async () => {
    const q = harness({ waiting: 4, shared: 2, reservedPerKey: 1 });
    void q.submit('a', clean('A')); // runs at once
    void q.submit('x1', stained('X'));
    void q.submit('x2', stained('X'));
    expect(await q.submit('x3', stained('X'))).toBe('SIGN_IN_BUSY'); // the shared places are taken
    void q.submit('b', clean('B'));
    // B has its one reserved place already; the shared ones are full.
    expect(await q.submit('b2', clean('B'))).toBe('SIGN_IN_BUSY');
    void q.submit('c', clean('C'));
    expect(await q.submit('d', clean('D'))).toBe('SIGN_IN_BUSY'); // every waiting place is taken
    expect(q.refused).toEqual(['X', 'B', 'D']);

    // Clean keys' hashes run first, in order, then the shared places'.
    await q.tick();
    for (const name of ['a', 'b', 'c', 'x1', 'x2']) await q.done(name);
    expect(q.ran).toEqual(['a', 'b', 'c', 'x1', 'x2']);
    expect(await q.settled.get('x2')).toBe('x2');
  });

  it('gives a clean key past its reserved places a shared one', async () => {
    const q = harness({ waiting: 4, shared: 1, reservedPerKey: 1 });
    void q.submit('a1', clean('A')); // runs at once, in A's reserved place
    void q.submit('a2', clean('A')); // shared
    expect(await q.submit('a3', clean('A'))).toBe('SIGN_IN_BUSY');
    void q.submit('b', clean('B'));
    await q.tick();
    for (const name of ['a1', 'b', 'a2']) await q.done(name);
    expect(q.ran).toEqual(['a1', 'b', 'a2']);
    // Once its hashes are done, the key has its reserved place again.
    void q.submit('a4', clean('A'));
    await q.tick();
    expect(q.ran.at(-1)).toBe('a4');
  });

  it('runs a stained sender at once when nothing waits', async () => {
    const q = harness({ waiting: 4, shared: 0, reservedPerKey: 1 });
    void q.submit('x', stained('X'));
    await q.tick();
    expect(q.ran).toEqual(['x']);
    expect(await q.submit('y', stained('Y'))).toBe('SIGN_IN_BUSY');
  });
});
