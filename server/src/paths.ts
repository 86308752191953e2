/**
 * Files the server reads from the repository layout. Resolved from this module's location, which is
 * `server/src/` under tsx and `server/dist/` in the build (`server/build.ts`): both two levels below
 * the root, so the same relative paths hold in both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built web app (`npm run build`). */
export const WEB_DIST = path.join(ROOT, 'web/dist');

/** The committed SQL migrations of `db`. */
export const MIGRATIONS_FOLDER = path.join(ROOT, 'db/drizzle');
