/**
 * The S3 store (`ATTACHMENTS_URL=s3://bucket/prefix`): AWS S3 or an S3-compatible store (MinIO,
 * Ceph, … through S3_ENDPOINT, usually with S3_FORCE_PATH_STYLE=true), with the AWS SDK v3. A file
 * is the object `<prefix><key>`. Uploads go through lib-storage's `Upload`: a file under 5 MiB is
 * one PutObject, a larger one a multipart upload of 5 MiB parts sent one at a time, so at most one
 * part is held in memory; a failed upload aborts its multipart upload. Downloads stream the
 * GetObject body. Parts of uploads cut off by a crash are not listed: a bucket lifecycle rule
 * (AbortIncompleteMultipartUpload) removes them. The SDK is imported when an S3 store is opened,
 * never by a server that keeps its attachments elsewhere (it took 0.2–0.9 s of every start).
 */
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { AttachmentStoreConfig } from '../../config';
import {
  AttachmentStoreUnavailableError,
  StoredFileMissingError,
  type AttachmentStore,
  type StoredObject,
} from './store';

type S3StoreConfig = Extract<AttachmentStoreConfig, { kind: 's3' }>;

/** S3's smallest multipart part (except the last): 5 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
/** How long the start check waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 15_000;

type S3Sdk = typeof S3SdkModule;

/** A store of the objects under `config.prefix` in `config.bucket`; loads the AWS SDK. */
export async function createS3Store(config: S3StoreConfig): Promise<AttachmentStore> {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } = sdk;
  const statusOf = (error: unknown) => statusOfError(sdk, error);
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // a store that does not answer fails the request instead of holding it; a slow download
    // (backpressure from the browser) must not, so no idle timeout on the socket
    requestHandler: { connectionTimeout: 10_000 },
  });
  const { bucket, prefix } = config;
  const description = `s3://${bucket}/${prefix}`;
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    description,
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      await upload.done();
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(Body instanceof Readable)) throw new Error(`GetObject ${objectKey(key)} answered without a body stream`);
        return Body;
      } catch (error) {
        if (statusOf(error) === 404) throw new StoredFileMissingError(key, description);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    list: () => listObjects(sdk, client, bucket, prefix),
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw new AttachmentStoreUnavailableError(
          `The attachment store ${description} (ATTACHMENTS_URL) cannot be used: ${describeS3Error(sdk, error)}`,
          { cause: error },
        );
      }
    },
    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}

/** The HTTP status of an S3 service error, else undefined. */
function statusOfError(sdk: S3Sdk, error: unknown): number | undefined {
  return error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

async function* listObjects(
  sdk: S3Sdk,
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<StoredObject> {
  for await (const page of sdk.paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket, Prefix: prefix })) {
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(prefix.length);
      // objects in "folders" below the prefix are not the portal's
      if (key && !key.includes('/') && object.LastModified) yield { key, storedAt: object.LastModified };
    }
  }
}

/** HeadBucket answers without a body, so its errors say little: name the usual causes. */
function describeS3Error(sdk: S3Sdk, error: unknown): string {
  const status = statusOfError(sdk, error);
  if (status === 404) return 'the bucket does not exist (HTTP 404)';
  if (status === 403 || status === 401) {
    return `access denied (HTTP ${status}): check AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY and the bucket's policy`;
  }
  if (status === 301 || status === 400) return `HTTP ${status}: is AWS_REGION the bucket's region?`;
  const { name, message } = error as Error;
  return `${name}: ${message}`;
}
