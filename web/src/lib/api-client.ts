/**
 * The one HTTP client of the web app (STYLE.md, Web): adds the bearer token and the site
 * password header, and turns error bodies into AppError with SPEC.md's texts.
 */
import { AppError, ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '@coinpace/domain';
import { reportRequest } from './connection.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type TokenGetter = () => Promise<string | null>;

let getToken: TokenGetter = async () => null;

/** Installs the function that yields the current session token (set by the auth layer). */
export function setTokenGetter(getter: TokenGetter): void {
  getToken = getter;
}

/** The current session token, or null when signed out (the socket sends it in its handshake). */
export function currentToken(): Promise<string | null> {
  return getToken().catch(() => null);
}

/** The site password kept for this tab, sent as X-Site-Password (DESIGN.md section 4). */
export function sitePassword(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.sitePassword);
  } catch {
    return null;
  }
}

let onSitePasswordRejected: () => void = () => {};

/** Installs what happens when the server refuses the site password (the gate locks the site again). */
export function setSitePasswordRejectedHandler(handler: () => void): void {
  onSitePasswordRejected = handler;
}

/** The message of the AppError `api` throws when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach Coinpace. Check your connection.';

/** True for the error `api` throws when the request never got an answer (offline, DNS, refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof AppError && error.code === 'UNAVAILABLE' && error.message === NETWORK_ERROR_MESSAGE;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true); an authenticated call without one fails before fetching. */
  auth?: boolean;
  signal?: AbortSignal;
  /** 'text': the body as text (a CSV download); 'blob': as bytes (a ZIP download); default parsed JSON. */
  as?: 'json' | 'text' | 'blob';
}

/** Calls the API and returns the parsed JSON body; throws AppError on a non-OK answer or no network. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept:
      options.as === 'text'
        ? 'text/csv, application/json'
        : options.as === 'blob'
          ? 'application/zip, application/json'
          : 'application/json',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const password = sitePassword();
  if (password) headers['x-site-password'] = password;
  if (options.auth !== false) {
    const token = await getToken();
    if (!token) throw new AppError('NO_TOKEN');
    headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    reportRequest(false);
    throw new AppError('UNAVAILABLE', { message: NETWORK_ERROR_MESSAGE, cause: error });
  }
  reportRequest(true);

  // A download's bytes are read as they are; an error body is JSON text like any other.
  if (options.as === 'blob' && response.ok) return (await response.blob()) as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = toAppError(response.status, body as Partial<ErrorBody> | undefined, response.headers);
    if (error.code === 'SITE_PASSWORD_REQUIRED' || (error.code === 'SITE_PASSWORD_INVALID' && password)) {
      onSitePasswordRejected();
    }
    throw error;
  }
  return (options.as === 'text' ? text : body) as T;
}

function toAppError(status: number, body: Partial<ErrorBody> | undefined, headers: Headers): AppError {
  const code: ErrorCode = body?.code && body.code in ERROR_CATALOGUE ? body.code : codeForStatus(status);
  // SPEC.md section 8: 401 and 403 have fixed texts; others show the server's message or the status.
  let message = typeof body?.error === 'string' ? body.error : `HTTP error! status: ${status}`;
  if (status === 401 && code === 'BAD_TOKEN') message = ERROR_CATALOGUE.BAD_TOKEN.message;
  if (status === 403 && !body?.error) message = ERROR_CATALOGUE.FORBIDDEN.message;
  const retryAfter = Number(headers.get('retry-after'));
  return new AppError(code, {
    message,
    details: body?.details,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'BAD_TOKEN';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  return 'INTERNAL';
}

/** The message to show for any caught error. */
export function errorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
