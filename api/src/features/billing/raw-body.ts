import type { IncomingMessage } from 'node:http';
import { AppError } from '@coinpace/domain';

/**
 * The request body as the bytes that arrived (a webhook signature covers exactly these; re-serialised JSON
 * would not verify). Larger than `limit` bytes: 413.
 */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
