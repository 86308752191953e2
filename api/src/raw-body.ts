import type { IncomingMessage } from 'node:http';
import { AppError } from '@coinpace/domain';

/**
 * The request body as the bytes that arrived (a webhook signature covers exactly these; re-serialised JSON
 * would not verify). Larger than `limit` bytes: 413. A body declared too large is refused unread, and the
 * rest of one that grows too large is discarded, so the connection stays usable for the next request.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length']) > limit) return Promise.reject(new AppError('PAYLOAD_TOO_LARGE'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.resume();
      reject(new AppError('PAYLOAD_TOO_LARGE'));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(new AppError('BAD_REQUEST', { message: 'The request body was cut off.' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
