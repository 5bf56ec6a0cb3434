import { messages } from '@campwise/contract/messages';
import { ApiError } from '../../api/client.ts';

/**
 * A key for one attempt at registering: a double click, a retry or a second tab sending the
 * same key registers and charges once. Random bytes rather than randomUUID, which browsers
 * offer only on secure origins.
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed attempt is over (the server answered no), so the next try is a new attempt.
 * A lost connection, a server failure or a registration still being processed may yet have gone
 * through: retrying those with the same key cannot register twice.
 */
export function attemptIsOver(error: Error): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status >= 500) return false;
  return error.message !== messages.registrationInProgress;
}
