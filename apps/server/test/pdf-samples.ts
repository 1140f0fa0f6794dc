import { deflateSync } from 'node:zlib';

/**
 * PDFs that hide an action from a byte search (found by an outside probe): the names written with
 * `#` escapes, or the action in a compressed object stream. A viewer runs each of them.
 */
const pdf = (body: string) => Buffer.from(`%PDF-1.5\n${body}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');

export const hiddenPdfActions = {
  'a script named with # escapes (/J#61vaScript)': () =>
    pdf(
      '1 0 obj\n<< /Type /Catalog /Names << /J#61vaScript 2 0 R >> >>\nendobj\n2 0 obj\n<< /Names [(x) 3 0 R] >>\nendobj\n3 0 obj\n<< /S /Java#53cript /J#53 (app.alert(1)) >>\nendobj',
    ),
  'a script action named with lower-case escapes (/#4a#53)': () =>
    pdf('1 0 obj\n<< /Type /Catalog /OpenAction << /S /#4aava#73cript /#4a#53 (app.alert(1)) >> >>\nendobj'),
  'a launch action in a compressed object stream (/ObjStm)': () => {
    const objects = '<< /S /Launch /F (cmd.exe) >>';
    const header = '2 0 ';
    const data = deflateSync(Buffer.from(header + objects, 'latin1'));
    const head = Buffer.from(
      `%PDF-1.5\n1 0 obj\n<< /Type /Catalog /OpenAction 2 0 R >>\nendobj\n3 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    );
    return Buffer.concat([
      head,
      data,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]);
  },
  'an embedded file': () =>
    pdf(
      '1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(a.exe) 2 0 R] >> >> >>\nendobj\n2 0 obj\n<< /Type /Filespec /F (a.exe) /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream\nendobj',
    ),
  'a link to a javascript: address': () =>
    pdf('1 0 obj\n<< /Type /Catalog /OpenAction << /S /URI /URI (javascript:alert(1)) >> >>\nendobj'),
};
