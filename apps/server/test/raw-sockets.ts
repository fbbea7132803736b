import net from 'node:net';

// Raw TCP clients for tests of how the server treats connections: requests sent in part and held,
// sockets that send nothing, several client addresses (any 127.x.y.z reaches a loopback server).

export type RawSocket = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server (or the test) closed the connection, with when it happened. */
  closed: Promise<number>;
  isClosed(): boolean;
};

export async function openRawSocket(
  url: string,
  options: { localAddress?: string; send?: string | Buffer } = {},
): Promise<RawSocket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({
    host: hostname,
    port: Number(port),
    localAddress: options.localAddress,
  });
  const chunks: Buffer[] = [];
  let closed = false;
  socket.on('data', (chunk) => chunks.push(chunk));
  // A reset after the server's answer is one way a connection ends; the test reads the answer.
  socket.on('error', () => {});
  const closedAt = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve(Date.now());
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (options.send !== undefined)
    await new Promise<void>((resolve) => socket.write(options.send!, () => resolve()));
  return {
    socket,
    received: () => Buffer.concat(chunks).toString('utf8'),
    closed: closedAt,
    isClosed: () => closed,
  };
}

/** The status line and JSON body of a raw HTTP answer. */
export function parseRawAnswer(text: string): { status: number; headers: string; json: unknown } {
  const headerEnd = text.indexOf('\r\n\r\n');
  const head = headerEnd === -1 ? text : text.slice(0, headerEnd);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const body = headerEnd === -1 ? '' : text.slice(headerEnd + 4);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, headers: head, json };
}

/** A request cut off in its body: the headers promise more bytes than are sent. */
export function halfSentJsonPost(path: string, body: string): string {
  const sent = body.slice(0, Math.floor(body.length / 2));
  return (
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${sent}`
  );
}
