import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleFiles } from '../../test/factories.ts';
import { contentOfBytes, contentOfFile, detectFormat, hasActiveContent } from './file-types.ts';

/**
 * Decision 106: the checks read a received file in 64 KB chunks. Whatever a search over the whole file
 * found, the chunked search finds too, where a chunk's end cuts it.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'td-file-types-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const CHUNK = 64 * 1024;
let written = 0;
function onDisk(data: Buffer) {
  const location = path.join(folder, `file-${written++}`);
  fs.writeFileSync(location, data);
  return contentOfFile(location, data.length);
}

/** A PNG padded with bytes that hold neither `<` nor `>`, with `text` starting at `offset`. */
function pngWith(text: string, offset: number, length = 4 * CHUNK): Buffer {
  const data = Buffer.concat([sampleFiles.png(), Buffer.alloc(length, 0x41)]);
  data.write(text, offset, 'latin1');
  return data;
}

describe('checks read chunk by chunk (decision 106)', () => {
  it.each([
    ['<script', CHUNK - 3],
    ['javascript:', CHUNK - 5],
    ['<!doctype      html', 2 * CHUNK - 9],
    // A tag cut twice: its start in one chunk, its handler two chunks on.
    [`<img src=x ${'a'.repeat(CHUNK + 10)} onerror=`, CHUNK - 4],
  ])('finds %s where a chunk ends', async (text, offset) => {
    const data = pngWith(text, offset);
    expect(await hasActiveContent(onDisk(data), 'png')).toBe(true);
    expect(await hasActiveContent(contentOfBytes(data), 'png')).toBe(true);
  });

  it('finds nothing in a clean file however it is cut, and a closed tag is not carried', async () => {
    const clean = pngWith('<b>plain</b> <img src=x> on = ', CHUNK - 8);
    expect(await hasActiveContent(onDisk(clean), 'png')).toBe(false);
    expect(await detectFormat(onDisk(clean))).toBe('png');
  });

  it('knows a DOCX read from a file as from memory', async () => {
    const docx = sampleFiles.docx();
    expect(await detectFormat(onDisk(docx))).toBe('docx');
    expect(await detectFormat(contentOfBytes(docx))).toBe('docx');
  });
});
