import type pg from 'pg';

/**
 * SQLSTATEs that say the connection failed, not the statement: class 08 (connection exception),
 * the server shutting down or ending the backend (57P01 when `pg_terminate_backend`, a failover
 * or a pooler's restart ends it; 57P02, 57P03), and no connection slot left (53300).
 */
const LOST_STATES = /^(08...|57P0[1-3]|53300)$/;
/** Socket and address errors Node reports while connecting or on a connection in use. */
const LOST_SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * What node-postgres and pg-pool say, without a code, of a connection ended under a query, of a
 * client used after its connection failed, and of a connection that could not be opened in time.
 */
const LOST_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** An error as the driver, Drizzle or pg-boss (which copies a worker's error into an object) gives it. */
interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * The error underneath `error` that shows the database connection was lost or could not be
 * opened, or undefined when the failure was something else. Drizzle wraps the driver's error and
 * keeps it as the cause; a transaction whose connection dropped fails on its ROLLBACK with
 * node-postgres's "not queryable" error.
 */
export function lostConnectionError(error: unknown): ErrorLike | undefined {
  let current = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const { code, message, cause } = current as ErrorLike;
    if (typeof code === 'string' && (LOST_STATES.test(code) || LOST_SOCKET_CODES.has(code))) return current;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return current;
    current = cause;
  }
  return undefined;
}

/**
 * What may be logged of a lost connection's error: its code and the driver's or server's words,
 * never the statement or its parameters, which a wrapping error carries.
 */
export function describeConnectionError(error: ErrorLike): { code?: string; message: string } {
  const message = String(error.message);
  return typeof error.code === 'string' ? { code: error.code, message } : { message };
}

/** Where a pool tells of a connection it lost. */
export type ConnectionErrorReport = (error: Error) => void;

/**
 * pg-pool listens for errors only on its idle clients: a client whose connection fails while it
 * is checked out (in a transaction, between statements) emits 'error' with no one listening,
 * which ends the process. Every client of `pool` gets a listener for its whole life instead. The
 * failed client is no longer queryable, so the pool drops it when it is released (at once when
 * idle) and the next request opens a fresh connection; the statement under way fails with the
 * error, which the caller answers (a request: 503).
 */
export function handleClientErrors(pool: pg.Pool, report: ConnectionErrorReport): void {
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      // A connection ended by the server errs twice: its notice, then the socket's end.
      if (reported) return;
      reported = true;
      report(error);
    });
  });
  // An idle client's error also reaches the pool, once the pool has dropped it; reported above.
  pool.on('error', () => {});
}
