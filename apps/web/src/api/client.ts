import type { ApiErrorBody } from '@campwise/contract/api-error';
import { messages } from '@campwise/contract/messages';
import type { ApiTransport } from '@campwise/contract/server-render';
import { expireSession, readSession, type Session } from '../app/session.ts';

/** A failed call, carrying the server's user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

// A hand-written check rather than the zod schema keeps zod out of the first page load.
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string'
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let transport: ApiTransport = (path, init) => fetch(path, init);

/** The server rendering a page answers the app's calls in process rather than over the network. */
export function setApiTransport(serverTransport: ApiTransport): void {
  transport = serverTransport;
}

function headersFor(session: Session | null): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = `Bearer ${session.token}`;
  return headers;
}

const networkError = () =>
  new ApiError(0, 'NETWORK', 'We could not reach Campwise. Check your connection and try again.');

/** Work under way that ends this browser's session on purpose (see `whileEndingSessions`). */
const sessionsEnding = new Set<Promise<unknown>>();

/**
 * Runs work that ends sessions on purpose, such as confirming a new sign-in e-mail, which ends
 * every session of the account. A token refused while it runs (the top bar's reads race it) is
 * judged once it is done: by then the work has signed this browser out itself, and the screen
 * says what happened instead of the login saying the session expired.
 */
export function whileEndingSessions<T>(work: () => Promise<T>): Promise<T> {
  const running = work();
  sessionsEnding.add(running);
  const done = () => sessionsEnding.delete(running);
  running.then(done, done);
  return running;
}

/** The server refused this token: the session ends, unless it already ended or was replaced. */
function refused(session: Session): void {
  void Promise.allSettled(sessionsEnding).then(() => {
    if (readSession()?.token === session.token) expireSession(session.userType);
  });
}

/** Turns a failed answer into an ApiError; a refused token ends the session. */
function failure(status: number, payload: unknown, session: Session | null): ApiError {
  const error: ApiErrorBody = isApiErrorBody(payload)
    ? payload
    : { statusCode: status, code: 'UNKNOWN', message: messages.tryAgain };
  if (status === 401 && error.code === 'UNAUTHENTICATED' && session) refused(session);
  return new ApiError(error.statusCode, error.code, error.message, error.fields);
}

/**
 * The one HTTP client: JSON in and out, the stored bearer token, the error format parsed. A
 * background check (the top bar's unread count) passes `endsSession: false`, so a token refused
 * mid-way through something else (an e-mail change ends every session) is left to that screen.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  { endsSession = true }: { endsSession?: boolean } = {},
): Promise<T> {
  const session = readSession();
  const headers = headersFor(session);
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw failure(response.status, payload, endsSession ? session : null);
  return payload as T;
}

/** A file the server sent as an attachment, with the name it suggested (null when none). */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header, in either of its two spellings. */
function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return null;
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Reads a file (a calendar entry, a CSV export) with the stored bearer token, which a plain
 * link would not carry. Failures arrive in the usual JSON error format.
 */
export async function apiFile(path: string): Promise<ApiFile> {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...headersFor(session), accept: '*/*' } });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw failure(response.status, await response.json().catch(() => null), session);
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')),
  };
}

/**
 * Sends a multipart form and reports how much of it has gone up (0 to 1). It uses
 * XMLHttpRequest because fetch cannot report upload progress. No content-type is set, so the
 * browser writes the multipart boundary itself.
 */
export function apiUpload<T>(
  method: Method,
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const session = readSession();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    for (const [name, value] of Object.entries(headersFor(session))) request.setRequestHeader(name, value);
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () => {
      let payload: unknown = null;
      if (request.status !== 204 && request.responseText) {
        try {
          payload = JSON.parse(request.responseText);
        } catch {
          payload = null;
        }
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
      } else {
        reject(failure(request.status, payload, session));
      }
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('abort', () => reject(networkError()));
    request.send(formData);
  });
}
