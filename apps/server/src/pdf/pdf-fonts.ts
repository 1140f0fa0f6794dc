/**
 * The embedded fonts for text the standard Helvetica faces cannot print (decision 080): names and other
 * typed text in Vietnamese, Chinese, Tamil, Bengali, Thai or Burmese. The TTF files come from the
 * Google Fonts Noto families as the `@expo-google-fonts/noto-sans*` npm packages (OFL); PDFKit subsets
 * each font into the PDF, so a document carries only the glyphs it draws.
 *
 * Each file is read and parsed once per process, on the first text that needs it, and the parsed font
 * is handed to every document after that: fontkit decodes a font's layout tables on its first layout,
 * which took 150 to 200 ms for Noto Sans, once per document when each document parsed its own copy
 * (decision 080). The fonts are files of the installed packages: nothing is written or fetched.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/** The scripts the documents print; `latin` also covers Latin Extended, Vietnamese, Greek and Cyrillic. */
export type Script = 'latin' | 'han' | 'tamil' | 'bengali' | 'thai' | 'myanmar';
export type Weight = 'regular' | 'bold';

const PACKAGE: Record<Script, { name: string; family: string }> = {
  latin: { name: 'noto-sans', family: 'NotoSans' },
  han: { name: 'noto-sans-sc', family: 'NotoSansSC' },
  tamil: { name: 'noto-sans-tamil', family: 'NotoSansTamil' },
  bengali: { name: 'noto-sans-bengali', family: 'NotoSansBengali' },
  thai: { name: 'noto-sans-thai', family: 'NotoSansThai' },
  myanmar: { name: 'noto-sans-myanmar', family: 'NotoSansMyanmar' },
};
const STYLE: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

const require = createRequire(import.meta.url);

/** The TTF file of a script's font, e.g. `.../noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf`. */
export function fontFile(script: Script, weight: Weight): string {
  const { name, family } = PACKAGE[script];
  const style = STYLE[weight];
  return require.resolve(`@expo-google-fonts/${name}/${style}/${family}_${style}.ttf`);
}

const parsed = new Map<string, Font>();

function loadFont(script: Script, weight: Weight): Font {
  const key = `${script}-${weight}`;
  let font = parsed.get(key);
  if (!font) {
    const file = fontFile(script, weight);
    const opened = create(fs.readFileSync(file));
    if (!('layout' in opened)) throw new Error(`Not a single font: ${file}`);
    font = opened;
    parsed.set(key, font);
  }
  return font;
}

/** The fonts each document has registered: PDFKit keeps them per document, by name. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/**
 * The PDFKit font name of a script's font in this document, registered with the document on first use.
 * PDFKit accepts a parsed fontkit font where its types only name a path or bytes.
 */
export function embeddedFont(doc: PDFKit.PDFDocument, script: Script, weight: Weight): string {
  const name = `Noto-${script}-${weight}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, loadFont(script, weight) as unknown as Buffer);
    names.add(name);
  }
  return name;
}
