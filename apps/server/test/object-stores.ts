import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect } from 'vitest';

// The two object stores the server runs on, for tests that look into the store itself: the
// local folder (DATA_DIR/files) and a real S3 server (s3rver, in the test process).

const BUCKET = 'circuits-test';
const PREFIX = 'uploads/';

export type ObjectStoreSetup = {
  /** The server's environment for this store (filled in before the tests run). */
  env: Record<string, string>;
  /** The keys of the objects in the store of the server with this data folder, sorted. */
  keys(dataDir: string): Promise<string[]>;
  /** Writes an object under `key` that no row refers to, as a crash would leave it. */
  putStray(dataDir: string, key: string, data: string): Promise<void>;
};

function localFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  // The entry types come with the listing: a file the server renames between a listing and a
  // later stat (a `.partial` becoming its object) must not fail the look.
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function localObjectStore(): ObjectStoreSetup {
  return {
    env: {},
    async keys(dataDir) {
      return localFiles(dataDir);
    },
    async putStray(dataDir, key, data) {
      const file = path.join(dataDir, 'files', key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
    },
  };
}

/** An in-process S3 server (s3rver) with an empty bucket, for the tests of the enclosing block. */
export function s3ObjectStore(): ObjectStoreSetup {
  const env: Record<string, string> = {};
  let s3rver: S3rver | undefined;
  let client: S3Client | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-s3rver-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await s3rver.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    Object.assign(env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: PREFIX,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3rver?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    env,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const listed = await client!.send(
          new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }),
        );
        for (const object of listed.Contents ?? []) {
          expect(object.Key).toMatch(/^uploads\//);
          keys.push(object.Key!.slice(PREFIX.length));
        }
        token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async putStray(_dataDir, key, data) {
      await client!.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}`, Body: data }),
      );
    },
  };
}

export const OBJECT_STORES = [
  ['local disk', localObjectStore],
  ['S3 (s3rver)', s3ObjectStore],
] as const;
