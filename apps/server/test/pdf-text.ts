/**
 * Reads a generated PDF back the way a person would: poppler's `pdftotext` (and `pdfinfo` for the page
 * count), installed with poppler-utils (.ci/run). Text is returned with runs of white space made single
 * spaces, so a phrase matches whichever line breaks and justification the layout chose.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PdfContents {
  /** All text, white space collapsed to single spaces. */
  text: string;
  /** The text of each page, white space collapsed. */
  pages: string[];
  pageCount: number;
  /** Title, Author, Page size ... as pdfinfo prints them. */
  info: Record<string, string>;
}

export interface PdfWord {
  /** 1-based page number. */
  page: number;
  text: string;
  /** Box in PDF points from the page's top-left corner. */
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export interface PdfPageSize {
  width: number;
  height: number;
}

function withPdfFile<T>(pdf: Buffer | Uint8Array, read: (file: string) => T): T {
  const file = path.join(os.tmpdir(), `td-pdf-${randomBytes(6).toString('hex')}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return read(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Every word with its page and position (`pdftotext -bbox`), to check layout: margins, what shares a page. */
export function readPdfWords(pdf: Buffer | Uint8Array): { pages: PdfPageSize[]; words: PdfWord[] } {
  const html = withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const pages: PdfPageSize[] = [];
  const words: PdfWord[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const match of html.matchAll(tag)) {
    if (match[1] !== undefined) {
      pages.push({ width: Number(match[1]), height: Number(match[2]) });
    } else {
      words.push({
        page: pages.length,
        xMin: Number(match[3]),
        yMin: Number(match[4]),
        xMax: Number(match[5]),
        yMax: Number(match[6]),
        text: decodeEntities(match[7] ?? ''),
      });
    }
  }
  return { pages, words };
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/**
 * `layout: true` keeps each printed line together (pdftotext -layout): a label and the amount at the
 * right edge of its row then read as one phrase, as on paper.
 */
export function readPdf(pdf: Buffer | Uint8Array, options: { layout?: boolean } = {}): PdfContents {
  return withPdfFile(pdf, (file) => {
    const info = Object.fromEntries(
      execFileSync('pdfinfo', [file], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.match(/^([^:]+):\s*(.*)$/))
        .filter((match): match is RegExpMatchArray => match !== null)
        .map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    const raw = execFileSync('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    // pdftotext ends every page with a form feed.
    const pages = raw
      .split('\f')
      .slice(0, -1)
      .map((page) => collapse(page));
    return { text: collapse(raw), pages, pageCount: Number(info.Pages), info };
  });
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
