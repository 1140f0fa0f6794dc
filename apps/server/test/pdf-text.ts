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

/** NFC as well: a reader compares what they see, whichever way the PDF's text maps its accents. */
const collapse = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

/** The fonts of a PDF as `pdffonts` lists them (a subset's name keeps its `ABCDEF+` tag). */
export function readPdfFonts(pdf: Buffer | Uint8Array): PdfFont[] {
  const listing = withPdfFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  // name, type (one or two words), encoding, emb, sub, uni, object id, generation
  const row = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/;
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.match(row))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => ({
      name: match[1] ?? '',
      type: match[2] ?? '',
      embedded: match[4] === 'yes',
      subset: match[5] === 'yes',
    }));
}

/**
 * Names in each script a worker's record may hold (the nationality list has Chinese, Vietnamese, Thai
 * and Burmese; Tamil and Bengali are common in Singapore's construction workforce), with the text a
 * correctly printed PDF gives back to `pdftotext`, and the embedded font that must print it.
 *
 * Bengali reads back in drawn order, which is not the typed order: a vowel sign written before its
 * consonant (U+09C7 E, U+09BF I) is drawn before it, and O (U+09CB) is drawn as its two parts, E before
 * the consonant and AA (U+09BE) after it. That is what every correct rendering holds (the PDF maps each
 * drawn glyph to its characters); a missing font or WinAnsi mojibake reads back as something else.
 */
export const NAMES_IN_EVERY_SCRIPT = [
  { script: 'Chinese', first: '陈', last: '伟强', reads: '陈 伟强', font: 'NotoSansSC' },
  { script: 'Vietnamese', first: 'Nguyễn Văn', last: 'Ánh Đức', reads: 'Nguyễn Văn Ánh Đức', font: 'NotoSans-' },
  { script: 'Tamil', first: 'முருகன்', last: 'சுப்பிரமணியம்', reads: 'முருகன் சுப்பிரமணியம்', font: 'NotoSansTamil' },
  {
    script: 'Bengali',
    first: 'মোহাম্মদ',
    last: 'রহিম',
    // "মোহাম্মদ রহিম" as drawn: E MA AA HA AA MA VIRAMA MA DA, RA I HA MA.
    reads: '\u09c7\u09ae\u09be\u09b9\u09be\u09ae\u09cd\u09ae\u09a6 \u09b0\u09bf\u09b9\u09ae',
    font: 'NotoSansBengali',
  },
  { script: 'Thai', first: 'สมชาย', last: 'ใจดี', reads: 'สมชาย ใจดี', font: 'NotoSansThai' },
  { script: 'Burmese', first: 'အောင်', last: 'ကျော်', reads: 'အောင် ကျော်', font: 'NotoSansMyanmar' },
] as const;
