import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/platform/openapi.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content: Record<string, unknown> };
}
interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: OpenApiDocument;
let workDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
  workDir = mkdtempSync(join(tmpdir(), 'campwise-openapi-'));
});

afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

const operation = (path: string, method: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('the OpenAPI document', () => {
  it("passes redocly lint's recommended rules with no error", () => {
    const file = join(workDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--config',
        join(repoRoot, 'redocly.yaml'),
        '--format=json',
        '--max-problems=10000',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it("names the bearer scheme, and each operation's security from its route's access", () => {
    expect(document.components.securitySchemes).toHaveProperty(
      'bearerAuth',
      expect.objectContaining({ scheme: 'bearer' }),
    );
    expect(operation('/api/site', 'get').security).toEqual([]);
    expect(operation('/widget/orgs/{id}', 'get').security).toEqual([]);
    expect(operation('/host/camp/{id}', 'put').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('/camper/registrations', 'get').security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every operation a unique id and the error answer in its one shape', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
        ids.add(op.operationId ?? '');
        expect(op.responses['4XX']?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
    expect(ids.size).toBe(Object.values(document.paths).flatMap((item) => Object.keys(item)).length);
    expect(document.components.schemas).toHaveProperty('ApiError');
  });

  it('describes file answers and multipart forms with their media types', () => {
    expect(
      Object.keys(operation('/host/camp/{id}/roster.csv', 'get').responses['200']?.content ?? {}),
    ).toEqual(['text/csv']);
    expect(Object.keys(operation('/camper/planner.ics', 'get').responses['200']?.content ?? {})).toEqual([
      'text/calendar',
    ]);
    expect(
      Object.keys(operation('/camper/receipts/{id}/pdf', 'get').responses['200']?.content ?? {}),
    ).toEqual(['application/pdf']);
    expect(Object.keys(operation('/host/org/{id}/camps', 'post').requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
  });

  it('lets a nullable enum hold null, as real answers do', () => {
    const text = JSON.stringify(document.paths);
    expect(text).not.toMatch(/"nullable":true,"type":"string","enum":\[("[^"]*",?)+\]/);
  });

  it("is what the journeys' typed client was generated from (npx vitest run -u regenerates it)", async () => {
    const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
    const header =
      '// The API as its OpenAPI document describes it, generated by openapi-typescript: do not edit.\n';
    await expect(header + types).toMatchFileSnapshot(join(repoRoot, 'e2e/api-schema.d.ts'));
  });
});
