import { inflateSync } from 'node:zlib';

// Reads back what a PDF made by pdf-lib shows, for tests that check documents as a customer
// would read them.

/** The text the pages draw: each content stream inflated, its hex strings decoded (WinAnsi). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const text: string[] = [];
  const source = bytes.toString('latin1');
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      text.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
    }
  }
  return text.join('\n');
}

/** Downloads a PDF the way a browser does (bearer token) and reads its text. */
export async function downloadedPdfText(url: string, token: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return pdfText(Buffer.from(await response.arrayBuffer()));
}
