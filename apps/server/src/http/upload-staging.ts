import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describeBytes } from '../lib/byte-sizes.ts';
import { tooManyRequests } from './errors.ts';

// How long a refused uploader is told to wait: uploads in progress usually finish within it.
const RETRY_AFTER_SECONDS = 30;

/** The staging folder of one request and the bytes it holds there (counted against the cap). */
export type StagingSpace = {
  readonly directory: string;
  /** Holds room for `bytes` in all (what the request declares, or has written so far). */
  reserve(bytes: number): void;
  /** Holds room for `bytes` more (files taken out of an archive). */
  add(bytes: number): void;
  /** Removes the folder and gives its room back. */
  release(): Promise<void>;
};

export type UploadStaging = {
  readonly root: string;
  open(): Promise<StagingSpace>;
  /** Bytes held by uploads in progress on this instance. */
  stagedBytes(): number;
};

/**
 * The local disk where uploads wait while their request is handled, with a cap on the bytes all
 * uploads in progress on this instance may hold together, so concurrent uploads cannot fill the
 * disk. The count is this instance's own: it bounds this instance's disk.
 */
export function createUploadStaging(root: string, maxBytes: number): UploadStaging {
  let staged = 0;
  const full = () =>
    tooManyRequests(
      `The server is receiving too many uploads at once: at most ${describeBytes(maxBytes)} together (UPLOAD_MAX_STAGED_BYTES). Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
      RETRY_AFTER_SECONDS,
    );

  return {
    root,
    stagedBytes: () => staged,
    async open() {
      const directory = path.join(root, randomBytes(12).toString('hex'));
      await fs.promises.mkdir(directory, { recursive: true });
      let held = 0;
      let released = false;
      const reserve = (bytes: number) => {
        if (released || bytes <= held) return;
        if (staged - held + bytes > maxBytes) throw full();
        staged += bytes - held;
        held = bytes;
      };
      return {
        directory,
        reserve,
        add: (bytes) => reserve(held + bytes),
        async release() {
          if (released) return;
          released = true;
          try {
            await fs.promises.rm(directory, { recursive: true, force: true });
          } finally {
            staged -= held;
            held = 0;
          }
        },
      };
    },
  };
}
