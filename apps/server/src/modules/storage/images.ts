import fs from 'node:fs';

// Cover images are checked by their first bytes, never by name or the client's content type.
const SIGNATURES: readonly { contentType: string; matches(head: Buffer): boolean }[] = [
  {
    contentType: 'image/png',
    matches: (head) => head.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  {
    contentType: 'image/jpeg',
    matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  },
  {
    contentType: 'image/gif',
    matches: (head) => /^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1')),
  },
  {
    contentType: 'image/webp',
    matches: (head) =>
      head.subarray(0, 4).toString('latin1') === 'RIFF' &&
      head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of a file from its magic bytes, or null when it is none we show. */
export async function imageContentType(filePath: string): Promise<string | null> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const read = head.subarray(0, bytesRead);
    return SIGNATURES.find((signature) => signature.matches(read))?.contentType ?? null;
  } finally {
    await handle.close();
  }
}
