import type { ApiErrorBody } from '@campwise/contract/api-error';
import { messages } from '@campwise/contract/messages';
import { expireSession, readSession } from '../app/session.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The one HTTP client: JSON in and out, the stored bearer token, the error format parsed. */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const session = readSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'We could not reach Campwise. Check your connection and try again.');
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error: ApiErrorBody = isApiErrorBody(payload)
      ? payload
      : { statusCode: response.status, code: 'UNKNOWN', message: messages.tryAgain };
    if (response.status === 401 && error.code === 'UNAUTHENTICATED' && session)
      expireSession(session.userType);
    throw new ApiError(error.statusCode, error.code, error.message, error.fields);
  }
  return payload as T;
}
