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
import { addressGroup } from './address-groups.ts';
import { AppError } from './errors.ts';

// Connections that never finish must not hold the server: a request must arrive within its time
// limits (headers, whole request, and no long silence in between), an idle kept-alive connection
// is closed, a client that stops reading its answer is dropped, and no client may hold more than
// its share of the connections. Slow requests are answered 408 like any error body.
//
// A client is an IPv4 address or an IPv6 /64 (address-groups.ts). A few clients with many
// connections each cannot take them all: the last RESERVED_SHARE of MAX_CONNECTIONS is kept for
// clients holding fewer than FEW_CONNECTIONS, and when every connection is taken a newcomer gets
// the place of the slowest held one (idle, or sending or reading nothing), taken from the client
// holding the most. A connection whose request the server is answering is never closed for it.

// Timeouts are checked this often (Node's default is 30 s, too coarse for limits of seconds).
const CHECK_INTERVAL_MS = 1000;
// A refused or timed-out connection gets this long to take its answer before it is cut.
const CLOSE_GRACE_MS = 1000;
// Refused connections are summed up in the log at most this often.
const REFUSAL_LOG_INTERVAL_MS = 60_000;
const BUSY_RETRY_AFTER_SECONDS = 5;
/** The share of MAX_CONNECTIONS only clients holding few connections may take. */
export const RESERVED_SHARE = 0.25;
/** A client holding fewer connections than this holds few (a browser opens six per server). */
export const FEW_CONNECTIONS = 8;

const SERVER_BUSY = () =>
  new AppError(
    'service_unavailable',
    'The server has too many open connections. Please try again in a few seconds.',
    { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  );

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

/** A connection counted against its client. */
type Held = { socket: Socket; group: string; lastActiveAt: number };

/** What a held connection is doing, as far as closing it for a newcomer goes. */
type Activity = 'idle' | 'stalled' | 'working';

export type ConnectionGuard = {
  /** Fastify's options for the timeouts and the answers to broken requests. */
  serverOptions: {
    http: ServerOptions;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionTimeout: number;
    clientErrorHandler: (error: Error, socket: Socket) => void;
  };
  /** Counts connections per client and handles silent connections. */
  install(server: Server): void;
};

export function createConnectionGuard(limits: ConnectionLimits, logger: Logger): ConnectionGuard {
  const inFlight = new WeakMap<Socket, InFlight>();
  const held = new Map<Socket, Held>();
  const byGroup = new Map<string, Set<Held>>();
  // Behind a proxy every connection is the proxy's: no client to keep a share for.
  const perClient = limits.maxConnectionsPerAddress > 0;
  const sharedLimit = perClient
    ? Math.max(1, Math.floor(limits.maxConnections * (1 - RESERVED_SHARE)))
    : limits.maxConnections;
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

  function activityOf(socket: Socket): Activity {
    const current = inFlight.get(socket);
    // No request yet: nothing sent (idle), or its headers still coming (stalled).
    if (!current) return socket.bytesRead > 0 ? 'stalled' : 'idle';
    // Between kept-alive requests.
    if (current.response.writableFinished) return 'idle';
    if (!current.request.complete) return 'stalled';
    // An answer the client does not take stays queued in the socket.
    if (current.response.headersSent && socket.writableLength > 0) return 'stalled';
    return 'working';
  }

  /**
   * The connection to close for a newcomer: from the clients holding the most first, an idle
   * one before a stalled one, the longest silent of them. None while every one is working.
   */
  function slowestHeld(): Held | undefined {
    const groups = [...byGroup.values()].sort((a, b) => b.size - a.size);
    for (const members of groups) {
      let best: { entry: Held; rank: number } | undefined;
      for (const entry of members) {
        const activity = activityOf(entry.socket);
        if (activity === 'working') continue;
        const rank = activity === 'idle' ? 0 : 1;
        if (
          !best ||
          rank < best.rank ||
          (rank === best.rank && entry.lastActiveAt < best.entry.lastActiveAt)
        ) {
          best = { entry, rank };
        }
      }
      if (best) return best.entry;
    }
    return undefined;
  }

  function release(entry: Held): void {
    if (!held.delete(entry.socket)) return;
    const members = byGroup.get(entry.group);
    members?.delete(entry);
    if (members?.size === 0) byGroup.delete(entry.group);
  }

  /** Closes a held connection to make room; answers it 503 when nothing was answered yet. */
  function evict(entry: Held): void {
    release(entry);
    const socket = entry.socket;
    logger.debug({ address: socket.remoteAddress }, 'closed a slow connection to make room');
    const current = inFlight.get(socket);
    if (current && !current.request.complete && !current.response.headersSent) {
      answerAndClose(socket, SERVER_BUSY());
    } else {
      socket.destroy();
    }
  }

  function refuse(socket: Socket, address: string, reason: string, error: AppError): void {
    noteRefusal(address, reason);
    answerAndClose(socket, error);
  }

  function onConnection(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const group = addressGroup(address);
    const fromClient = byGroup.get(group)?.size ?? 0;
    if (perClient && fromClient >= limits.maxConnectionsPerAddress) {
      refuse(
        socket,
        address,
        'MAX_CONNECTIONS_PER_ADDRESS',
        new AppError(
          'rate_limited',
          `Too many open connections from your network address: at most ${limits.maxConnectionsPerAddress}. Close some, or try again in a few seconds.`,
          { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        ),
      );
      return;
    }
    // The reserved share is for clients holding few connections.
    if (held.size >= sharedLimit && fromClient >= FEW_CONNECTIONS) {
      refuse(socket, address, 'MAX_CONNECTIONS (reserved share)', SERVER_BUSY());
      return;
    }
    if (held.size >= limits.maxConnections) {
      const slowest = slowestHeld();
      if (!slowest) {
        refuse(socket, address, 'MAX_CONNECTIONS', SERVER_BUSY());
        return;
      }
      evict(slowest);
    }
    const entry: Held = { socket, group, lastActiveAt: Date.now() };
    held.set(socket, entry);
    let members = byGroup.get(group);
    if (!members) {
      members = new Set();
      byGroup.set(group, members);
    }
    members.add(entry);
    socket.on('data', () => {
      entry.lastActiveAt = Date.now();
    });
    socket.once('close', () => release(entry));
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
        response.once('finish', () => {
          const entry = held.get(request.socket);
          if (entry) entry.lastActiveAt = Date.now();
        });
      });
    },
  };
}
