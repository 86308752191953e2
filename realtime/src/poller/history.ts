/** Downsampling of the price history (DESIGN.md section 1): fixed buckets, thinned as they age. */

/** Width of a history bucket: one price per coin per 5 minutes. */
export const HISTORY_BUCKET_MS = 5 * 60_000;
/** Buckets older than this are thinned to one per {@link HISTORY_COARSE_MS}. */
export const HISTORY_FINE_FOR_MS = 48 * 3_600_000;
/** Resolution of history older than {@link HISTORY_FINE_FOR_MS}. */
export const HISTORY_COARSE_MS = 3_600_000;

/** The start of the bucket holding `at` (epoch ms), as a Date. */
export function historyBucket(at: number, bucketMs = HISTORY_BUCKET_MS): Date {
  return new Date(Math.floor(at / bucketMs) * bucketMs);
}
