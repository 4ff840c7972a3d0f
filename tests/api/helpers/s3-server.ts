/**
 * An S3-compatible server in this process for tests: s3rver (a fake S3 over real HTTP on
 * 127.0.0.1, its objects in a temp folder), with one empty bucket. `env` is what a portal needs to
 * keep its attachments there — for `createTestApp({ env })` and for a server process alike
 * (helpers/server-process.ts `startServer({ ...env, … })`): ATTACHMENTS_URL, S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE=true (s3rver serves path-style URLs), a fixed AWS_REGION and s3rver's own
 * credentials.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A running S3 test server: the portal's environment for it, its bucket and endpoint, and its stop. */
export type S3TestServer = {
  env: Record<string, string>;
  bucket: string;
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** Stops the server and removes its folder; give the apps using it a close first. */
  close: () => Promise<void>;
};

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';

/**
 * Starts s3rver on a free port of 127.0.0.1 with the bucket `bucket` (default a random name);
 * the portal's files go under `prefix` (default `attachments`). Fails after `timeoutMs`.
 */
export async function startS3TestServer(
  options: { bucket?: string; prefix?: string; timeoutMs?: number } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? `tm-test-${randomBytes(4).toString('hex')}`;
  const directory = await mkdtemp(join(tmpdir(), 'tm-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const started = await Promise.race([
    server.run(),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`s3rver did not start within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  const endpoint = `http://127.0.0.1:${started.port}`;
  return {
    bucket,
    endpoint,
    env: {
      ATTACHMENTS_URL: `s3://${bucket}/${options.prefix ?? 'attachments'}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
