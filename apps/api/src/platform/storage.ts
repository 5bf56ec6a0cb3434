import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** Where uploaded files live. Keys are random names we choose, never a user's file name. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9-]*\.[a-z0-9]+$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export class LocalStorage implements FileStorage {
  constructor(readonly directory: string) {}

  /** The type is not kept: files are served by extension. */
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    assertSafeKey(key);
    await mkdir(this.directory, { recursive: true });
    await writeFile(join(this.directory, key), body);
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    return readFile(join(this.directory, key)).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    });
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(join(this.directory, key), { force: true });
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }
}

/** An S3-compatible bucket; files are served from its public address (or a CDN in front). */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: NonNullable<Config['s3']>) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  url(key: string): string {
    return `${this.settings.publicUrl}/${key}`;
  }
}

export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(join(config.dataDir, 'uploads'));
}
