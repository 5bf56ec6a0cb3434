import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createStorage, type FileStorage, LocalStorage, S3Storage } from '../src/platform/storage.ts';
import { filesUnder } from './org-fixtures.ts';

const UNSAFE_KEYS = [
  '../x.webp',
  'a/b.webp',
  '/etc/passwd',
  '..',
  '.hidden.webp',
  'a\\b.webp',
  'UPPER.webp',
  '',
];
const BODY = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 fake', 'latin1');

describe('LocalStorage', () => {
  let root: string;
  let storage: FileStorage;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'campwise-storage-'));
    storage = new LocalStorage(join(root, 'uploads'));
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('writes, reads, addresses and deletes a file under its folder', async () => {
    expect(await storage.get('0f1e2d3c-1600.webp')).toBeNull();
    await storage.put('0f1e2d3c-1600.webp', BODY, 'image/webp');
    expect(readFileSync(join(root, 'uploads', '0f1e2d3c-1600.webp'))).toEqual(BODY);
    expect(await storage.get('0f1e2d3c-1600.webp')).toEqual(BODY);
    expect(storage.url('0f1e2d3c-1600.webp')).toBe('/uploads/0f1e2d3c-1600.webp');
    await storage.delete('0f1e2d3c-1600.webp');
    expect(existsSync(join(root, 'uploads', '0f1e2d3c-1600.webp'))).toBe(false);
    // Deleting what is already gone is not an error: a retried cleanup must not fail.
    await storage.delete('0f1e2d3c-1600.webp');
  });

  it.each(UNSAFE_KEYS)('refuses the key %j and writes nothing', async (key) => {
    await expect(storage.put(key, BODY, 'image/webp')).rejects.toThrow('unsafe storage key');
    await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
    await expect(storage.delete(key)).rejects.toThrow('unsafe storage key');
    expect(filesUnder(root)).toEqual([]);
  });
});

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('S3Storage', () => {
  let server: Server;
  let endpoint: string;
  let received: ReceivedRequest[] = [];
  let storage: S3Storage;

  beforeAll(async () => {
    // Plays the part of an S3-compatible service: records each request and answers as S3 does.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        if (req.method === 'DELETE') {
          res.writeHead(204).end();
        } else if (req.method === 'GET' && req.url?.startsWith('/campwise-test/missing')) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>Not found</Message></Error>');
        } else if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'image/webp', 'content-length': BODY.length }).end(BODY);
        } else {
          res.writeHead(200, { ETag: '"0123456789abcdef0123456789abcdef"' }).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    storage = new S3Storage({
      bucket: 'campwise-test',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      publicUrl: `${endpoint}/campwise-test`,
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  });

  beforeEach(() => {
    received = [];
  });

  it('puts a file into the bucket, typed, cacheable for a year and signed', async () => {
    await storage.put('a1b2c3-1600.webp', BODY, 'image/webp');
    expect(received).toHaveLength(1);
    const [put] = received;
    expect(put?.method).toBe('PUT');
    expect(put?.url.split('?')[0]).toBe('/campwise-test/a1b2c3-1600.webp');
    expect(put?.body.equals(BODY)).toBe(true);
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toContain('max-age=31536000');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/s3\/aws4_request, /,
    );
  });

  it('deletes a file from the bucket', async () => {
    await storage.delete('a1b2c3-400.webp');
    expect(received).toHaveLength(1);
    const [del] = received;
    expect(del?.method).toBe('DELETE');
    expect(del?.url.split('?')[0]).toBe('/campwise-test/a1b2c3-400.webp');
    expect(del?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('reads a file from the bucket, and null for one that is not there', async () => {
    expect(await storage.get('a1b2c3-1600.webp')).toEqual(BODY);
    expect(received[0]?.url.split('?')[0]).toBe('/campwise-test/a1b2c3-1600.webp');
    expect(received[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(await storage.get('missing-1600.webp')).toBeNull();
  });

  it('addresses a file under the public address', () => {
    expect(storage.url('a1b2c3-400.webp')).toBe(`${endpoint}/campwise-test/a1b2c3-400.webp`);
  });

  it.each(UNSAFE_KEYS)('refuses the key %j without calling the service', async (key) => {
    await expect(storage.put(key, BODY, 'image/webp')).rejects.toThrow('unsafe storage key');
    await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
    await expect(storage.delete(key)).rejects.toThrow('unsafe storage key');
    expect(received).toEqual([]);
  });

  it('reports a failed upload to the caller', async () => {
    const failing = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
          );
      });
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
      const denied = new S3Storage({
        bucket: 'campwise-test',
        region: 'us-east-1',
        endpoint: address,
        accessKeyId: 'test',
        secretAccessKey: 'test',
        publicUrl: `${address}/campwise-test`,
      });
      await expect(denied.put('a1b2c3-1600.webp', BODY, 'image/webp')).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });
});

describe('createStorage', () => {
  it('keeps files in DATA_DIR/uploads unless a bucket is configured', () => {
    const storage = createStorage(loadConfig({ DATA_DIR: '/srv/campwise' }));
    if (!(storage instanceof LocalStorage)) throw new Error('expected local file storage');
    expect(storage.directory).toBe('/srv/campwise/uploads');
  });

  it('uses the bucket, addressed at its public URL, when one is configured', () => {
    const storage = createStorage(
      loadConfig({
        S3_BUCKET: 'campwise-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test',
      }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.url('k-1600.webp')).toBe('http://127.0.0.1:9000/campwise-media/k-1600.webp');
  });
});
