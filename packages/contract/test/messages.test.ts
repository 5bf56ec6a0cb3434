import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';

describe('the messages of every use case', () => {
  it('are all in the one object, none hiding another of the same name', async () => {
    const folder = join(import.meta.dirname, '../src/messages');
    const keys: string[] = [];
    for (const file of readdirSync(folder)) {
      const module: Record<string, Record<string, string>> = await import(join(folder, file));
      for (const part of Object.values(module)) keys.push(...Object.keys(part));
    }
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.sort()).toEqual(Object.keys(messages).sort());
  });
});
