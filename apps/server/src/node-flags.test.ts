import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe("the server's node flags (decision 062)", () => {
  it('are the ones npm start passes', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(packageJson.scripts['start:server']).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });

  it('are accepted by this Node.js and take effect', () => {
    // A flag a later Node.js no longer knows stops it at start ("bad option"): caught here, not in production.
    const heapLimitWith = (flags: readonly string[]) => {
      const run = spawnSync(process.execPath, [...flags, '-p', 'require("v8").getHeapStatistics().heap_size_limit'], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return Number(run.stdout);
    };
    // The young generation's reserve is part of the heap's size limit: larger by three times the
    // semi-space difference (48 MiB each for 64 against 16).
    expect(heapLimitWith(SERVER_NODE_FLAGS) - heapLimitWith([])).toBeGreaterThan(100 * 1024 * 1024);
  });
});
