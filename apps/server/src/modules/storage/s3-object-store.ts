import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.ts';
import { isObjectKey, type ListedObject, type ObjectStore } from './object-store.ts';

type S3Config = Extract<StorageConfig, { type: 's3' }>;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** Objects in an S3-compatible bucket (AWS, MinIO, Ceph, R2, …), under an optional prefix. */
export function createS3ObjectStore(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Only what S3 requires: some S3-compatible stores refuse the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => `${config.prefix}${key}`;

  return {
    kind: 's3',

    async put(key, source, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          ContentType: contentType,
          ...(source.type === 'bytes'
            ? { Body: source.data, ContentLength: source.data.byteLength }
            : { Body: fs.createReadStream(source.path), ContentLength: source.size }),
        }),
      );
    },

    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return { body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async copy(fromKey, toKey) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: keyOf(toKey),
          CopySource: `${Bucket}/${encodeURI(keyOf(fromKey))}`,
        }),
      );
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        const answer = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken: token }),
        );
        const page: ListedObject[] = [];
        for (const object of answer.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length) ?? '';
          if (isObjectKey(key)) page.push({ key, modifiedAt: object.LastModified ?? new Date() });
        }
        if (page.length > 0) yield page;
        token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (token);
    },
    // Objects are written with one PUT each, which S3 stores whole or not at all: an interrupted
    // write leaves nothing in the bucket.
    async removeUnfinished() {
      return 0;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = error instanceof Error ? error.message || error.name : String(error);
        throw new Error(
          `The S3 bucket "${Bucket}" (S3_BUCKET) cannot be reached${config.endpoint ? ` at ${config.endpoint}` : ''}: ${reason}`,
        );
      }
    },
  };
}
