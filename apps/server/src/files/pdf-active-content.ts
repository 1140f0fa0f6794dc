import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

/**
 * Names that make a PDF do something beyond showing pages: run a script (`/JavaScript`, `/JS`), start
 * a program (`/Launch`), carry files (`/EmbeddedFile(s)`, `/EF`), embed rich media or an XFA form
 * (whose scripts run in the viewer). A stored document is a scan or a certificate: none belongs in it
 * (decision 036; ARCHITECTURE differs 6: uploads are checked by content).
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia', 'XFA']);

/**
 * A name as the viewer reads it. pdf-lib decodes `#xx` escapes only in upper-case hex, and a viewer
 * accepts either case (`/J#61vaScript`, `/J#6aS`), so whatever escapes remain are decoded here too.
 */
const nameText = (name: PDFName): string =>
  name.decodeText().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const isActiveName = (name: PDFName) => ACTIVE_NAMES.has(nameText(name));

/** A link's target that runs script when followed. */
const isScriptUri = (value: PDFObject) =>
  (value instanceof PDFString || value instanceof PDFHexString) && /^\s*javascript:/i.test(value.decodeText());

function isActive(object: PDFObject, seen: Set<PDFObject>): boolean {
  if (seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFName) return isActiveName(object);
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(item, seen));
  const dict = object instanceof PDFStream || object instanceof PDFRawStream ? object.dict : object;
  if (!(dict instanceof PDFDict)) return false;
  for (const [key, value] of dict.entries()) {
    if (isActiveName(key)) return true;
    if (nameText(key) === 'URI' && isScriptUri(value)) return true;
    if (!(value instanceof PDFRef) && isActive(value, seen)) return true;
  }
  return false;
}

/**
 * True when a PDF holds a script, a launch action, an embedded file, rich media or an XFA form, decided
 * by parsing it as a viewer would, not by searching its bytes: names are decoded (`/J#61vaScript`),
 * compressed object streams (`/ObjStm`) are read, and every definition of an object counts, the ones
 * an incremental update replaced included (a viewer may follow an older cross-reference table).
 * A file the parser cannot read at all is treated as active: nothing shows it is harmless.
 */
export async function pdfHasActiveContent(data: Uint8Array): Promise<boolean> {
  const parser = new DefinitionRecordingParser(data);
  let context: Awaited<ReturnType<PDFParser['parseDocument']>>;
  try {
    context = await parser.parseDocument();
  } catch {
    return true;
  }
  const seen = new Set<PDFObject>();
  const { Root, Info, Encrypt } = context.trailerInfo;
  const trailerObjects = [Root, Info, Encrypt].filter((value): value is PDFObject => value !== undefined);
  return [...parser.definitions, ...trailerObjects].some((object) => isActive(object, seen));
}

/** pdf-lib's parser, keeping every object definition it reads (a later one replaces an earlier in its context). */
class DefinitionRecordingParser extends PDFParser {
  readonly definitions: PDFObject[] = [];

  constructor(data: Uint8Array) {
    super(data);
    const assign = this.context.assign.bind(this.context);
    this.context.assign = (ref, object) => {
      this.definitions.push(object);
      assign(ref, object);
    };
  }
}
