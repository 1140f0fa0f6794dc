import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { cleanText, hasForbiddenCharacters } from '@td/shared/schemas/fields';
import type { FileKind } from '@td/shared/schemas/file';
import { INVALID_CERTIFICATE_TYPE, INVALID_DOCUMENT_TYPE, INVALID_PHOTO_TYPE } from '@td/shared/schemas/file';
import { fileTypeFromStream } from 'file-type/node';
import { pdfHasActiveContent } from './pdf-active-content.ts';

/**
 * An upload's bytes as the checks read them: streamed from the start, in chunks (decision 087, decision
 * 106), so a file received to a temporary file is never held whole, except by the PDF parser.
 */
export interface UploadContent {
  size: number;
  /** The bytes from the first, as a stream; the reader destroys it when done. */
  open(): Readable;
  /** Every byte at once: only the PDF parser needs this (pdf-lib parses from memory). */
  readAll(): Promise<Uint8Array>;
}

/** Bytes already in memory (the demo data, tests). */
export function contentOfBytes(data: Uint8Array): UploadContent {
  return {
    size: data.byteLength,
    open: () => Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)], { objectMode: false }),
    readAll: async () => data,
  };
}

/** A file on this machine (an upload received to a temporary file), read in 64 KB chunks. */
export function contentOfFile(location: string, size: number): UploadContent {
  return {
    size,
    open: () => createReadStream(location, { highWaterMark: 64 * 1024 }),
    readAll: () => fs.readFile(location),
  };
}

/**
 * Whether `pattern` occurs anywhere in the bytes (read as latin1, one character a byte), chunk by
 * chunk. `carryFrom(text)` says where in the text read so far a match may begin that the next chunk
 * would complete; from there on it is searched again with the next chunk.
 */
async function streamContains(
  content: UploadContent,
  pattern: RegExp,
  carryFrom: (text: string) => number,
): Promise<boolean> {
  const stream = content.open();
  let carried = '';
  try {
    for await (const chunk of stream) {
      const text = carried + (chunk as Buffer).toString('latin1');
      if (pattern.test(text)) return true;
      carried = text.slice(carryFrom(text));
    }
    return false;
  } finally {
    stream.destroy();
  }
}

/** The formats an upload may have. */
export type FileFormat = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'gif';

const FORMAT_OF_EXTENSION: Record<string, FileFormat> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
};

export const CONTENT_TYPES: Record<FileFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const DOCUMENT_FORMATS: readonly FileFormat[] = ['pdf', 'doc', 'docx', 'jpg', 'png'];

/**
 * SPEC 5: documents PDF, DOC, DOCX, JPG, PNG; the photo JPG, PNG, GIF; certificates (training records)
 * PDF, JPG, JPEG, PNG, DOC, DOCX. ARCHITECTURE differs 6: checked on the server, by content, for all.
 */
const RULES: Record<FileKind, { formats: readonly FileFormat[]; invalid: string }> = {
  photo: { formats: ['jpg', 'png', 'gif'], invalid: INVALID_PHOTO_TYPE },
  ipa: { formats: DOCUMENT_FORMATS, invalid: INVALID_DOCUMENT_TYPE },
  consent_letter: { formats: DOCUMENT_FORMATS, invalid: INVALID_DOCUMENT_TYPE },
  contract: { formats: DOCUMENT_FORMATS, invalid: INVALID_DOCUMENT_TYPE },
  certificate: { formats: DOCUMENT_FORMATS, invalid: INVALID_CERTIFICATE_TYPE },
};

/** The lower-cased extension of a file name, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Longest original name kept for downloads. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * The original name as kept for the download (`Content-Disposition`): the base name without any
 * folder, trimmed, at most 255 characters with its extension kept (decision 008: a 5,000-character name
 * keeps its `.pdf`). Null when it holds control characters or lone surrogates (decision 009).
 */
export function keptFileName(fileName: string): string | null {
  const base = cleanText(fileName.split(/[\\/]/).pop() ?? '');
  if (hasForbiddenCharacters(base)) return null;
  const characters = Array.from(base); // code points, so a cut never splits a surrogate pair
  if (characters.length <= MAX_FILE_NAME_LENGTH) return base;
  const extension = extensionOf(base);
  const suffix = extension && extension.length < 16 ? `.${base.slice(base.lastIndexOf('.') + 1)}` : '';
  return characters.slice(0, MAX_FILE_NAME_LENGTH - Array.from(suffix).length).join('') + suffix;
}

const WORD_PART_NAME = 'word/document.xml';
const WORD_PART = /word\/document\.xml/;

/** What the bytes are, whatever the name says. */
export async function detectFormat(content: UploadContent): Promise<FileFormat | null> {
  const stream = content.open();
  const detected = await fileTypeFromStream(stream).finally(() => stream.destroy());
  switch (detected?.ext) {
    case 'pdf':
      return 'pdf';
    case 'jpg':
      return 'jpg';
    case 'png':
      return 'png';
    case 'gif':
      return 'gif';
    // Word 97-2003 files are OLE compound files.
    case 'cfb':
      return 'doc';
    case 'docx':
      return 'docx';
    // A DOCX is a zip; when the detector stops at "zip", the Word part's name must be in it.
    case 'zip':
      return (await streamContains(content, WORD_PART, (text) => Math.max(0, text.length - WORD_PART_NAME.length)))
        ? 'docx'
        : null;
    default:
      return null;
  }
}

/**
 * Markup a browser would run if it ever rendered the bytes as a web page: a polyglot (a real PNG, GIF
 * or PDF header with HTML or SVG after it) passes the format check, so the whole file is searched.
 * None of it belongs in a scan, a photo or a Word file; in compressed streams the chance of one of
 * these words appearing by accident is about 2^-50 per position.
 */
const MARKUP =
  /<(?:script|html|body|svg|iframe|object|embed|img\s[^>]*\bon\w+\s*=|!doctype\s+html|\?xml-stylesheet)|javascript:/i;
/**
 * True when the bytes carry script or markup, whatever format they claim to be; for a PDF, also when
 * the parsed document holds a script, a launch action or an embedded file (decision 036).
 */
export async function hasActiveContent(content: UploadContent, format: FileFormat): Promise<boolean> {
  // latin1 maps each byte to one character, so a regular expression sees the raw bytes.
  return (
    (await streamContains(content, MARKUP, markupCarryFrom)) ||
    (format === 'pdf' && (await oneParseAtATime(async () => pdfHasActiveContent(await content.readAll()))))
  );
}

/**
 * Where a markup match cut by the chunk's end may begin: every alternative of MARKUP that starts with
 * `<` holds no `>`, so it begins after the last `>`, at the first `<` there; `javascript:` is 11
 * characters, so it begins in the last 10. The text searched again is that much, the whole file at
 * worst (a `<` never closed), as the search over the whole file was.
 */
function markupCarryFrom(text: string): number {
  const open = text.indexOf('<', text.lastIndexOf('>') + 1);
  const tail = Math.max(0, text.length - 10);
  return open === -1 ? tail : Math.min(open, tail);
}

let parsing: Promise<unknown> = Promise.resolve();
/**
 * pdf-lib parses from memory: one PDF at a time, so however many uploads arrive together, at most one
 * file (5 MB) and its parsed objects are held at once (decision 106).
 */
function oneParseAtATime<T>(parse: () => Promise<T>): Promise<T> {
  const result = parsing.then(parse, parse);
  parsing = result.catch(() => undefined);
  return result;
}

export type UploadCheck =
  | { ok: true; format: FileFormat; extension: string; contentType: string }
  | { ok: false; message: string };

/**
 * Accepts a file only when its name and its content are both an allowed format for the kind, and the
 * same one: a program renamed `.pdf` is refused because its bytes are not a PDF.
 */
export async function checkUpload(kind: FileKind, fileName: string, content: UploadContent): Promise<UploadCheck> {
  const rule = RULES[kind];
  const extension = extensionOf(fileName);
  const named = FORMAT_OF_EXTENSION[extension];
  if (!named || !rule.formats.includes(named)) return { ok: false, message: rule.invalid };
  const format = await detectFormat(content);
  if (format !== named) return { ok: false, message: rule.invalid };
  if (await hasActiveContent(content, format)) return { ok: false, message: rule.invalid };
  return { ok: true, format, extension, contentType: CONTENT_TYPES[format] };
}

/** PDF and images open in the browser; Word files download (ARCHITECTURE differs 2). */
export function dispositionFor(contentType: string): 'inline' | 'attachment' {
  return contentType === 'application/pdf' || contentType.startsWith('image/') ? 'inline' : 'attachment';
}
