import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import type { Config } from '../config.ts';
import { TEST_SIGNATURE_HEADER } from './payments/provider.ts';

/**
 * Query parameters whose values never reach a log: reset and confirmation links (`token`),
 * checkout returns (`session_id`), one-time codes and tickets, anything named like a secret.
 * Compared without regard to case.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'session_id',
  'code',
  'ticket',
  'password',
  'secret',
  'key',
  'signature',
  'email',
]);

/**
 * Path segments that are themselves a secret: the test processor's checkout session ids and
 * payout onboarding tokens, the tokens of unsubscribe links (the API's and the web page's) and
 * of families' calendar subscriptions.
 */
const SECRET_PATH_SEGMENTS =
  /\/(pay\/checkout|pay\/onboarding|api\/unsubscribe|unsubscribe|calendar\/feeds)\/[^/?#]+/g;

export const REDACTED = '[redacted]';

/**
 * The address as it may be logged: the values of secret query parameters and secret path
 * segments replaced. The parameters' names stay, so a log still tells which link was opened.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    SECRET_PATH_SEGMENTS,
    `/$1/${REDACTED}`,
  );
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A broken escape is logged under its raw name.
      }
      return equals !== -1 && SECRET_QUERY_PARAMETERS.has(name.toLowerCase())
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A bearer token with its scheme, in any letter case. */
const BEARER_TOKEN = /\bbearer\s+[\w.~+/=-]+/gi;

/**
 * A log line with every bearer token replaced. Libraries log objects of their own (the multipart
 * reader logs its options, request headers among them, at trace), so the finished line is where
 * no path can be missed.
 */
export function redactBearerTokens(line: string): string {
  return line.replace(BEARER_TOKEN, `Bearer ${REDACTED}`);
}

/** Fastify's request serializer, with the address redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A request the built-in test processor makes to report a payment event. */
function isProcessorWebhook(request: FastifyRequest): boolean {
  return request.url === '/api/webhooks/payments' && request.headers[TEST_SIGNATURE_HEADER] !== undefined;
}

/**
 * Fastify's request log lines, with two changes: the built-in payment processor's webhooks
 * (several a second while checkouts run) are logged at `debug` unless they fail, and the
 * not-found line names the redacted address.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isProcessorWebhook(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // A tenth of a millisecond is as fine as anyone reads a response time.
    const fields = { res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (reply.statusCode < 400 && isProcessorWebhook(request))
      reply.log.debug(fields, 'request completed');
    else reply.log.info(fields, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}

/**
 * Readable lines for a person at a terminal, JSON for everything else. One line per entry:
 * time, level, request id, message, and for requests the method, address and status.
 */
const PRETTY_OPTIONS = {
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat:
    '{if reqId}[{reqId}] {end}{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}{if responseTime} ({responseTime} ms){end}',
};

/**
 * Where pino-pretty is, when the logs should be pretty: stdout is a terminal, the server is not
 * in production, and the package (a development dependency) is installed. Otherwise null.
 */
export function prettyPrinter(
  env: Config['env'],
  isTerminal: boolean,
  resolve: (name: string) => string = createRequire(import.meta.url).resolve,
): string | null {
  if (env === 'production' || !isTerminal) return null;
  try {
    return resolve('pino-pretty');
  } catch {
    return null;
  }
}

/** Where JSON log lines can be sent instead of stdout: one `write` per line. */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggingOptions {
  /** Where the JSON lines go instead of stdout (tests read them). */
  destination?: LogDestination | undefined;
}

/** The logger options and log controller of the app. */
export function loggingOptions(
  config: Config,
  options: LoggingOptions = {},
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const pretty = options.destination ? null : prettyPrinter(config.env, process.stdout.isTTY === true);
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      hooks: { streamWrite: redactBearerTokens },
      serializers: { req: serializeRequest },
      ...(options.destination ? { stream: options.destination } : {}),
      ...(pretty ? { transport: { target: pretty, options: PRETTY_OPTIONS } } : {}),
    },
    logController: new RequestLogController(),
  };
}
