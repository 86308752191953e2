/**
 * Test child (local.test.ts): opens the local identity on the data directory given as its argument,
 * as a role starting beside others would, and prints a token signed at a fixed time. Equal output from
 * two children means they signed with the same key. The second argument is the moment (ms since the
 * epoch) to start at, so children launched one after another open the identity together.
 */
import { createLocalIdentity } from '../local.ts';

const startAt = Number(process.argv[3] ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const identity = await createLocalIdentity({ dataDir: process.argv[2] });
process.stdout.write(identity.issueToken('local_same', Date.UTC(2026, 0, 1)) + '\n');
