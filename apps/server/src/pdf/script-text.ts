/**
 * Text in any script the documents print (decision 080). Every text a person typed (a worker's name,
 * the company, an address, a charge's description...) goes through `writeText`, `heightOfText` and
 * `widthOfText` instead of PDFKit's `text`, `heightOfString` and `widthOfString`.
 *
 * Text that the standard fonts' WinAnsi encoding holds is handed to PDFKit as it is, in the current
 * standard font: a Latin-only document is drawn, measured and timed exactly as before. Any other text is
 * split into runs by Unicode script; each run is drawn in its own font (the current standard font for a
 * Latin run that WinAnsi holds, else Noto Sans, Noto Sans SC, Tamil, Bengali, Thai or Myanmar, in the
 * current font's weight), laid out in lines here, and measured the same way, so what is measured is
 * what is drawn. Every line keeps the current standard font's line height and baseline, so a row with a
 * Chinese name lines up with its label and its neighbours.
 */
import { embeddedFont, type Script } from './pdf-fonts.ts';

export interface TextOptions {
  /** Wrap width; PDFKit's default (to the right margin) when missing. */
  width?: number;
  /** `justify` is set left in a line of several scripts. */
  align?: 'left' | 'right' | 'center' | 'justify';
  lineGap?: number;
  /** False: one line, never wrapped, never moved to a new page (footers). */
  lineBreak?: boolean;
}

/**
 * What the standard fonts can print: PDFKit encodes them in WinAnsi (printable ASCII, Latin-1 and 27
 * more, such as the dashes, curly quotes and the euro sign), and anything else prints as other letters.
 */
const WIN_ANSI =
  /^[\t\n\x20-\x7e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]*$/;

/**
 * The text as the standard font can print it, or null. NFC first, so a name typed with combining
 * accents ("e" + U+0301) prints with the precomposed letter, as the same name typed precomposed does.
 */
function standardText(text: string): string | null {
  if (WIN_ANSI.test(text)) return text;
  const composed = text.normalize('NFC');
  return composed !== text && WIN_ANSI.test(composed) ? composed : null;
}

// --- Script runs --------------------------------------------------------------------------------

/**
 * A character's script, or null for those every script shares (spaces, digits, punctuation, combining
 * marks). CJK punctuation and full-width forms go with Chinese, whose font has them; Japanese kana too
 * (Noto Sans SC draws them). Scripts without a font here print in Noto Sans, which covers Latin, Greek
 * and Cyrillic.
 */
const HAN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\u30fb\uff00-\uffef]/u;
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const SCRIPTS: readonly [Script, RegExp][] = [
  ['tamil', /\p{Script=Tamil}/u],
  ['bengali', /\p{Script=Bengali}/u],
  ['thai', /\p{Script=Thai}/u],
  ['myanmar', /\p{Script=Myanmar}/u],
];

function scriptOf(char: string): Script | null {
  if (HAN.test(char)) return 'han';
  if (SHARED.test(char)) return null;
  for (const [script, pattern] of SCRIPTS) if (pattern.test(char)) return script;
  return 'latin';
}

export interface ScriptRun {
  script: Script;
  text: string;
}

/**
 * The text (NFC) in runs of one script each. Shared characters that the standard font can print are
 * Latin text (the space, parentheses and comma in "Dear 陈伟强 (Tan)," match the punctuation around
 * them) unless they sit inside one other script (the space in "สมชาย ใจดี"); others join the run before
 * them, else the run after.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const pieces: { script: Script | null; text: string }[] = [];
  for (const char of text.normalize('NFC')) {
    const script = scriptOf(char);
    const last = pieces.at(-1);
    if (last && last.script === script) last.text += char;
    else pieces.push({ script, text: char });
  }
  const runs: ScriptRun[] = [];
  pieces.forEach((piece, index) => {
    let script = piece.script;
    if (script === null) {
      const before = pieces[index - 1]?.script ?? null;
      const after = pieces[index + 1]?.script ?? null;
      const inside = before !== null && before === after;
      if (WIN_ANSI.test(piece.text) && (!inside || before === 'latin')) script = 'latin';
      else script = runs.at(-1)?.script ?? after ?? 'latin';
    }
    const last = runs.at(-1);
    if (last && last.script === script) last.text += piece.text;
    else runs.push({ script, text: piece.text });
  });
  return runs;
}

// --- Line layout ----------------------------------------------------------------------------------

/** Scripts written without spaces between words: a line may break between their words. */
const UNSPACED = new Set<Script>(['han', 'thai', 'myanmar']);
/** Never at the start of a line: closing punctuation, CJK and Latin. */
const NO_BREAK_BEFORE =
  /^[\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011\u3015\u3009\u300b,.;:!?)\]]/;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const words: Partial<Record<Script, Intl.Segmenter>> = {
  thai: new Intl.Segmenter('th', { granularity: 'word' }),
  myanmar: new Intl.Segmenter('my', { granularity: 'word' }),
};

interface Unit {
  text: string;
  script: Script;
  font: string;
  width: number;
  space: boolean;
  newline: boolean;
  /** A line may start with this unit. */
  breakBefore: boolean;
}

interface Fragment {
  text: string;
  font: string;
  width: number;
}

interface Base {
  font: string;
  size: number;
  /** Line height of the standard font, gap included, and its ascent: every line's baseline. */
  lineHeight: number;
  ascent: number;
}

interface CurrentFont {
  name: string;
  ascender: number;
}

function baseOf(doc: PDFKit.PDFDocument): Base {
  const state = doc as unknown as { _font: CurrentFont; _fontSize: number };
  const size = state._fontSize;
  return {
    font: state._font.name,
    size,
    lineHeight: doc.currentLineHeight(true),
    ascent: (state._font.ascender / 1000) * size,
  };
}

function fontOf(doc: PDFKit.PDFDocument, base: Base, run: ScriptRun): string {
  if (run.script === 'latin' && WIN_ANSI.test(run.text)) return base.font;
  return embeddedFont(doc, run.script, /Bold/.test(base.font) ? 'bold' : 'regular');
}

function measure(doc: PDFKit.PDFDocument, base: Base, font: string, text: string): number {
  doc.font(font).fontSize(base.size);
  return doc.widthOfString(text);
}

/** The text's units: spaces, words (a character each in Chinese), hard line breaks. */
function unitsOf(doc: PDFKit.PDFDocument, base: Base, text: string): Unit[] {
  const units: Unit[] = [];
  let previousScript: Script | null = null;
  for (const run of scriptRuns(text)) {
    const font = fontOf(doc, base, run);
    const unspaced = UNSPACED.has(run.script);
    for (const token of run.text.match(/\n|[^\S\n]+|[^\s]+/g) ?? []) {
      if (token === '\n' || /^\s/.test(token)) {
        const newline = token === '\n';
        const space = !newline;
        units.push({
          text: newline ? '' : token,
          script: run.script,
          font,
          width: 0,
          space,
          newline,
          breakBefore: false,
        });
        continue;
      }
      const parts = !unspaced
        ? [token]
        : run.script === 'han'
          ? Array.from(graphemes.segment(token), (part) => part.segment)
          : Array.from((words[run.script] ?? graphemes).segment(token), (part) => part.segment);
      parts.forEach((part, index) => {
        const last = units.at(-1);
        const afterSpace = !last || last.space || last.newline;
        const scriptChange = index === 0 && previousScript !== null && previousScript !== run.script;
        const between = (index > 0 && unspaced) || (index === 0 && (afterSpace || scriptChange));
        units.push({
          text: part,
          script: run.script,
          font,
          width: 0,
          space: false,
          newline: false,
          breakBefore: between && !NO_BREAK_BEFORE.test(part),
        });
      });
    }
    previousScript = run.script;
  }
  for (const unit of units) if (unit.text) unit.width = measure(doc, base, unit.font, unit.text);
  return units;
}

/** A unit wider than the line, in graphemes that may each start a line. */
function splitLong(doc: PDFKit.PDFDocument, base: Base, unit: Unit): Unit[] {
  return Array.from(graphemes.segment(unit.text), ({ segment }, index) => ({
    ...unit,
    text: segment,
    width: measure(doc, base, unit.font, segment),
    breakBefore: index === 0 ? unit.breakBefore : true,
  }));
}

const contentWidth = (units: readonly Unit[]) => {
  let end = units.length;
  while (end > 0 && units[end - 1]?.space) end -= 1;
  return units.slice(0, end).reduce((sum, unit) => sum + unit.width, 0);
};

/** Greedy line filling: a line breaks at its last break opportunity before the width is passed. */
function layoutLines(doc: PDFKit.PDFDocument, base: Base, text: string, width: number | undefined): Unit[][] {
  const lines: Unit[][] = [];
  let line: Unit[] = [];
  const units = unitsOf(doc, base, text).flatMap((unit) =>
    width !== undefined && unit.width > width && !unit.space ? splitLong(doc, base, unit) : [unit],
  );
  for (const unit of units) {
    if (unit.newline) {
      lines.push(line);
      line = [];
      continue;
    }
    if (unit.space && line.length === 0 && lines.length > 0) continue;
    line.push(unit);
    if (width === undefined || unit.space || contentWidth(line) <= width + 1e-6) continue;
    let breakAt = -1;
    for (let index = line.length - 1; index > 0; index -= 1) {
      if (line[index]?.breakBefore && line.slice(0, index).some((before) => !before.space)) {
        breakAt = index;
        break;
      }
    }
    if (breakAt > 0) {
      lines.push(line.slice(0, breakAt));
      line = line.slice(breakAt);
    }
  }
  lines.push(line);
  return lines;
}

/** A line's units merged into one fragment per font, trailing spaces dropped. */
function fragmentsOf(doc: PDFKit.PDFDocument, base: Base, line: readonly Unit[]): Fragment[] {
  let end = line.length;
  while (end > 0 && line[end - 1]?.space) end -= 1;
  const fragments: Fragment[] = [];
  for (const unit of line.slice(0, end)) {
    const last = fragments.at(-1);
    if (last && last.font === unit.font) last.text += unit.text;
    else fragments.push({ text: unit.text, font: unit.font, width: 0 });
  }
  for (const fragment of fragments) fragment.width = measure(doc, base, fragment.font, fragment.text);
  return fragments;
}

/**
 * Burmese stacks its vowels and medials far above and below the line (Noto Sans Myanmar's ascent and
 * descent are 1.32 and 0.86 em against Helvetica's 0.72 and 0.21): a line holding it gets this much
 * more room below, in em, so its ya-pin does not touch the capitals of the next line. None above, so
 * its baseline stays level with the text beside it (the signature block's two columns).
 */
const EXTRA_ROOM: Partial<Record<Script, { above: number; below: number }>> = { myanmar: { above: 0, below: 0.3 } };

function roomOf(base: Base, line: readonly Unit[]): { above: number; below: number } {
  let above = 0;
  let below = 0;
  for (const unit of line) {
    const extra = EXTRA_ROOM[unit.script];
    if (extra && !unit.space) {
      above = Math.max(above, extra.above * base.size);
      below = Math.max(below, extra.below * base.size);
    }
  }
  return { above, below };
}

function restore(doc: PDFKit.PDFDocument, base: Base): void {
  doc.font(base.font).fontSize(base.size);
}

// --- What the documents call ----------------------------------------------------------------------

/** `doc.text(text, x, y, options)` for text in any script; the cursor ends below it as PDFKit leaves it. */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  x?: number,
  y?: number,
  options: TextOptions = {},
): PDFKit.PDFDocument {
  const standard = standardText(text);
  if (standard !== null) {
    // PDFKit reads a missing x as "options come first".
    return x === undefined && y === undefined ? doc.text(standard, options) : doc.text(standard, x, y, options);
  }

  const base = baseOf(doc);
  const left = x ?? doc.x;
  let top = y ?? doc.y;
  const width =
    options.width ?? (options.lineBreak === false ? undefined : doc.page.width - left - doc.page.margins.right);
  const lineGap = options.lineGap ?? 0;
  const lines = layoutLines(doc, base, text, options.lineBreak === false ? undefined : width);
  for (const line of options.lineBreak === false ? lines.slice(0, 1) : lines) {
    const room = roomOf(base, line);
    const height = room.above + base.lineHeight + room.below;
    if (options.lineBreak !== false && top + height > doc.page.maxY()) {
      doc.addPage();
      top = doc.y;
    }
    const fragments = fragmentsOf(doc, base, line);
    const lineWidth = fragments.reduce((sum, fragment) => sum + fragment.width, 0);
    let fragmentX = left;
    if (width !== undefined && options.align === 'right') fragmentX += width - lineWidth;
    if (width !== undefined && options.align === 'center') fragmentX += (width - lineWidth) / 2;
    for (const fragment of fragments) {
      doc.font(fragment.font).fontSize(base.size);
      // A numeric baseline is the distance from `top` down to the baseline, the same for every font.
      doc.text(fragment.text, fragmentX, top, { lineBreak: false, baseline: -(room.above + base.ascent) });
      fragmentX += fragment.width;
    }
    top += height + lineGap;
  }
  restore(doc, base);
  doc.x = left;
  doc.y = top;
  return doc;
}

/** `doc.heightOfString(text, { width, lineGap })` for text in any script. */
export function heightOfText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { width: number; lineGap?: number },
): number {
  const standard = standardText(text);
  if (standard !== null) {
    // What PDFKit's wrapper answers for one line that fits, without running it (most rows and clauses).
    const oneLine = !standard.includes('\n') && doc.widthOfString(standard) <= options.width;
    return oneLine ? doc.currentLineHeight(true) + (options.lineGap ?? 0) : doc.heightOfString(standard, options);
  }
  const base = baseOf(doc);
  const lines = layoutLines(doc, base, text, options.width);
  restore(doc, base);
  const lineGap = options.lineGap ?? 0;
  return lines.reduce((sum, line) => {
    const room = roomOf(base, line);
    return sum + room.above + base.lineHeight + room.below + lineGap;
  }, 0);
}

/** `doc.widthOfString(text)` for one line of text in any script, summed as the line layout sums it. */
export function widthOfText(doc: PDFKit.PDFDocument, text: string): number {
  const standard = standardText(text);
  if (standard !== null) return doc.widthOfString(standard);
  const base = baseOf(doc);
  const width = unitsOf(doc, base, text).reduce((sum, unit) => sum + unit.width, 0);
  restore(doc, base);
  return width;
}
