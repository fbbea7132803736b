import {
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@circuits/contracts';
import type { ConnectionLimits } from '../config.ts';
import type { Logger } from '../logger.ts';
import { AppError } from './errors.ts';

// Connections that never finish must not hold the server: a request must arrive within its time
// limits (headers, whole request, and no long silence in between), an idle kept-alive connection
// is closed, a client that stops reading its answer is dropped, and no client address may hold
// more than its share of the connections. Slow requests are answered 408 like any error body.

// Timeouts are checked this often (Node's default is 30 s, too coarse for limits of seconds).
const CHECK_INTERVAL_MS = 1000;
// A refused or timed-out connection gets this long to take its answer before it is cut.
const CLOSE_GRACE_MS = 1000;
// Refused connections are summed up in the log at most this often.
const REFUSAL_LOG_INTERVAL_MS = 60_000;
const BUSY_RETRY_AFTER_SECONDS = 5;

const REQUEST_TIMEOUT = new AppError(
  'request_timeout',
  'The request did not arrive in time: it was sent too slowly or stopped. Please send it again.',
);

/** Writes an error answer straight to the socket (no request to answer through) and closes it. */
function answerAndClose(socket: Socket, error: AppError, canAnswer = true): void {
  if (socket.destroyed) return;
  if (canAnswer && socket.writable) {
    const body = JSON.stringify(error.toBody() satisfies ErrorBody);
    const headers = Object.entries(error.headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n${headers.join('')}\r\n${body}`,
    );
  }
  // Closed once the answer is flushed; a client that does not take it is cut after the grace.
  socket.destroySoon();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

type InFlight = { request: IncomingMessage; response: ServerResponse };

export type ConnectionGuard = {
  /** Fastify's options for the timeouts and the answers to broken requests. */
  serverOptions: {
    http: ServerOptions;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionTimeout: number;
    clientErrorHandler: (error: Error, socket: Socket) => void;
  };
  /** Counts connections per client address and handles silent connections. */
  install(server: Server): void;
};

export function createConnectionGuard(limits: ConnectionLimits, logger: Logger): ConnectionGuard {
  const inFlight = new WeakMap<Socket, InFlight>();
  const openByAddress = new Map<string, number>();
  let open = 0;
  let refusedSinceLog = 0;
  let lastRefusalLogAt = 0;

  /** Whether an answer is being written to the socket (then nothing else may be written). */
  const answerStarted = (socket: Socket) => {
    const response = inFlight.get(socket)?.response;
    return (response?.headersSent ?? false) && !response?.writableFinished;
  };

  function noteRefusal(address: string, reason: string): void {
    refusedSinceLog += 1;
    const now = Date.now();
    if (now - lastRefusalLogAt < REFUSAL_LOG_INTERVAL_MS) return;
    logger.warn({ address, reason, refused: refusedSinceLog }, 'refused connections');
    lastRefusalLogAt = now;
    refusedSinceLog = 0;
  }

  /** Node's timeouts (headers, whole request) and unreadable requests end here. */
  function onClientError(error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let answer: AppError;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      answer = REQUEST_TIMEOUT;
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      answer = new AppError('malformed_request', 'The request headers are too large');
    } else {
      answer = new AppError('malformed_request', 'The request could not be read as HTTP');
    }
    answerAndClose(socket, answer, !answerStarted(socket));
  }

  /** The socket was silent for the idle timeout (or its kept-alive time ran out). */
  function onSilence(socket: Socket): void {
    const current = inFlight.get(socket);
    const answering = current !== undefined && !current.response.writableFinished;
    if (current && !current.request.complete) {
      // The request stopped arriving.
      logger.debug({ address: socket.remoteAddress }, 'a request stopped arriving: answered 408');
      answerAndClose(socket, REQUEST_TIMEOUT, !current.response.headersSent);
    } else if (!answering || current.response.headersSent) {
      // Idle between requests, or the client stopped reading its answer.
      socket.destroy();
    }
    // Otherwise the request is complete and its answer is being worked on: that is our time.
  }

  function onConnection(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const fromAddress = openByAddress.get(address) ?? 0;
    if (open >= limits.maxConnections) {
      noteRefusal(address, 'MAX_CONNECTIONS');
      answerAndClose(
        socket,
        new AppError(
          'service_unavailable',
          'The server has too many open connections. Please try again in a few seconds.',
          { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        ),
      );
      return;
    }
    if (limits.maxConnectionsPerAddress > 0 && fromAddress >= limits.maxConnectionsPerAddress) {
      noteRefusal(address, 'MAX_CONNECTIONS_PER_ADDRESS');
      answerAndClose(
        socket,
        new AppError(
          'rate_limited',
          `Too many open connections from your network address: at most ${limits.maxConnectionsPerAddress}. Close some, or try again in a few seconds.`,
          { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        ),
      );
      return;
    }
    open += 1;
    openByAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
  }

  return {
    serverOptions: {
      http: {
        headersTimeout: limits.headersTimeoutMs,
        connectionsCheckingInterval: CHECK_INTERVAL_MS,
      },
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // The socket's idle timeout: onSilence decides what a silence means.
      connectionTimeout: limits.idleTimeoutMs,
      clientErrorHandler: onClientError,
    },
    install(server) {
      server.on('connection', onConnection);
      server.on('timeout', onSilence);
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        inFlight.set(request.socket, { request, response });
      });
    },
  };
}
