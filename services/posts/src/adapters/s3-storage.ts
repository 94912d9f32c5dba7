import { pipeline, Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedKey, checkedOrganizationPrefix, type ByteSpan, type MediaStorage } from './media-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** The SDK's default chain (environment, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Media in an S3-compatible bucket. Uploads stream in parts (lib-storage's
 * Upload: at most a few 5 MB parts in memory at once); a failed upload is
 * aborted, leaving no object.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }> {
    let size = 0;
    // pipeline(), not pipe(): the upload fails with the source, even one that failed before it was handed over.
    const counted = Buffer.isBuffer(body)
      ? body
      : pipeline(
          body,
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              size += chunk.length;
              done(null, chunk);
            },
          }),
          () => {},
        );
    await new Upload({ client: this.client, params: { Bucket: this.options.bucket, Key: checkedKey(key), Body: counted, ContentType: contentType } }).done();
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async open(key: string, span?: ByteSpan): Promise<{ body: Readable; size: number } | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key), Range: span ? `bytes=${span.start}-${span.end}` : undefined }),
      );
      const total = answer.ContentRange?.match(/\/(\d+)$/)?.[1];
      return { body: answer.Body as Readable, size: total ? Number(total) : (answer.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key) }));
  }

  async removeOrganization(organizationId: string): Promise<void> {
    const prefix = checkedOrganizationPrefix(organizationId);
    // Listed and deleted a page (up to 1,000 keys) at a time, which is also DeleteObjects' limit.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  }
}
