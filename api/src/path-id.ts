import { AppError } from '@coinpace/domain';

/** Our row ids are UUIDs; anything else cannot name one of them. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * An id from a request path, lower-cased. Anything that is not one of our ids is simply not found (with
 * the resource's own message), never a 400 that would tell a made-up id from another user's.
 */
export function pathUuid(id: string | undefined, notFoundMessage: string): string {
  if (!id || !isUuid(id)) throw new AppError('NOT_FOUND', { message: notFoundMessage });
  return id.toLowerCase();
}
