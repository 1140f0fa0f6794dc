import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';
import { type FileStore, StorageError } from './file-store.ts';
import { TRASH_FOLDER } from './local-file-store.ts';

type S3Settings = Extract<Config['files'], { driver: 's3' }>;

/** The object names this store refuses: the same rules as the local folder's paths. */
function checkPath(relative: string): string {
  const parts = relative.split('/');
  const unsafe =
    relative.length === 0 ||
    relative.includes('\\') ||
    relative.includes('\0') ||
    relative.startsWith('/') ||
    parts[0] === TRASH_FOLDER ||
    parts.some((part) => part === '' || part === '.' || part === '..');
  if (unsafe) throw new StorageError('failed', 'invalid file path');
  return relative;
}

const trashKey = (relative: string) => `${TRASH_FOLDER}/${checkPath(relative)}`;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404) &&
    error.name !== 'NoSuchBucket'
  );
}

/** SPEC 8 storage failures from the SDK's, without keys or addresses. */
function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof S3ServiceException) {
    if (error.name === 'NoSuchBucket')
      return new StorageError('not-configured', 'NoSuchBucket: the bucket does not exist', { cause: error });
    const status = error.$metadata.httpStatusCode;
    if (error.name === 'AccessDenied' || status === 403)
      return new StorageError('access-denied', `${error.name}: access denied`, { cause: error });
    return new StorageError('failed', `${error.name}${status ? ` (${status})` : ''}`, { cause: error });
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return new StorageError('failed', typeof code === 'string' ? code : 'the file store could not be reached', {
    cause: error,
  });
}

export interface S3FileStore extends FileStore {
  readonly client: S3Client;
  readonly bucket: string;
}

/**
 * Decision 087: files in an S3-compatible bucket (AWS SDK v3), so that every server sees every file.
 * Object keys are the store paths; the trash (decision 042) is the `.trash/` prefix: a move is a copy
 * and a delete, so a crash between them leaves the file in both places, which `settleTrash` resolves as
 * it does for the folder (put back over the same bytes, or removed). An upload's stream, of known
 * size, goes out as one `PutObject` as it is read (decision 106); a stream of unknown size through the
 * SDK's multipart `Upload`, 5 MB parts at a time; reads are the object's body as a stream.
 */
export function createS3FileStore(settings: S3Settings): S3FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Decision 106: a streamed body with a checksum computed on the way goes out in `aws-chunked`
    // encoding with a trailer, which S3-compatible servers short of AWS's own (s3rver, older MinIO and
    // Ceph) store as it came, framing included. Checksums are sent where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;

  async function* keysUnder(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let ContinuationToken: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      } catch (error) {
        throw toStorageError(error);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }

  /** Copies `from` to `to` and deletes `from`; a missing `from` is not an error. */
  async function move(from: string, to: string): Promise<void> {
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: to,
          CopySource: `${Bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return;
      throw toStorageError(error);
    }
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    } catch (error) {
      throw toStorageError(error);
    }
  }

  async function remove(key: string): Promise<void> {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return;
      throw toStorageError(error);
    }
  }

  return {
    client,
    bucket: Bucket,

    async put(relative, data, size) {
      const Key = checkPath(relative);
      try {
        // A stream of known size (an upload's temporary file) goes out as it is read, in one request;
        // the multipart `Upload` would gather each 5 MB part in memory first.
        if (data instanceof Readable && size !== undefined) {
          await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: size }));
          return;
        }
        const Body = data instanceof Readable ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        await new Upload({ client, params: { Bucket, Key, Body }, queueSize: 2 }).done();
      } catch (error) {
        throw toStorageError(error);
      }
    },

    async get(relative) {
      const Key = checkPath(relative);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(object.Body instanceof Readable)) throw new StorageError('failed', 'the object has no body');
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw toStorageError(error);
      }
    },

    async *list() {
      for await (const { key, modifiedAt } of keysUnder('')) {
        if (key.split('/')[0] !== TRASH_FOLDER) yield { path: key, modifiedAt };
      }
    },

    async remove(relative) {
      await remove(checkPath(relative));
    },

    async moveToTrash(relative) {
      await move(checkPath(relative), trashKey(relative));
    },

    async restoreFromTrash(relative) {
      await move(trashKey(relative), checkPath(relative));
    },

    async removeFromTrash(relative) {
      await remove(trashKey(relative));
    },

    async *listTrash() {
      for await (const { key } of keysUnder(`${TRASH_FOLDER}/`)) yield key.slice(TRASH_FOLDER.length + 1);
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw toStorageError(error);
      }
    },
  };
}
