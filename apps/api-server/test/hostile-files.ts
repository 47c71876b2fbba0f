import yazl from 'yazl';

/**
 * Import files made to hurt the server, each under the 2 MB upload limit (import-limits.test.ts and
 * bench/import-hostile.ts). Zips are written with yazl, the writer of yauzl's author, part by part,
 * so that each file is exactly what it says, and quickly.
 */

async function zip(entries: [name: string, data: Buffer | string][], compress = true): Promise<Uint8Array> {
  const file = new yazl.ZipFile();
  for (const [name, data] of entries) {
    file.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name, { compress });
  }
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around its sheet and shared strings, in the order Excel writes them. */
function workbookParts(): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
  ];
}

/**
 * A workbook whose sheet has the import header, then `rows` one-cell rows (`x`, a shared string), as
 * Excel writes them: 241,453 such rows pack to 1.3 MB and unpack to 17.4 MB.
 */
export function manyRowsXlsx(rows: number): Promise<Uint8Array> {
  const sheet: string[] = [
    `${XML}<worksheet xmlns="${MAIN}"><sheetData>`,
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>',
  ];
  for (let r = 2; r <= rows + 1; r++) {
    sheet.push(`<row r="${r}" spans="1:1"><c r="A${r}" s="1" t="s"><v>3</v></c></row>`);
  }
  sheet.push('</sheetData></worksheet>');
  const strings = ['订单号', '快递公司', '快递单号', 'x'].map((s) => `<si><t>${s}</t></si>`).join('');
  return zip([
    ...workbookParts(),
    ['xl/worksheets/sheet1.xml', sheet.join('')],
    ['xl/sharedStrings.xml', `${XML}<sst xmlns="${MAIN}" count="4" uniqueCount="4">${strings}</sst>`],
  ]);
}

/**
 * A workbook with the import header and one data row, whose shared strings hold `count` distinct
 * 80-character strings (all kept in memory by a reader): 100,000 of them unpack to 9.6 MB.
 */
export function manyStringsXlsx(count: number): Promise<Uint8Array> {
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row><row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="s"><v>4</v></c><c r="C2" t="s"><v>5</v></c></row></sheetData></worksheet>`;
  const strings = ['订单号', '快递公司', '快递单号'];
  for (let i = 0; i < count; i++) strings.push(String(i).padStart(80, 'x'));
  return zip([
    ...workbookParts(),
    ['xl/worksheets/sheet1.xml', sheet],
    [
      'xl/sharedStrings.xml',
      `${XML}<sst xmlns="${MAIN}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    ],
  ]);
}

/** A zip of `count` empty entries (named as workbook parts, which no workbook has so many of). */
export function manyEntriesZip(count: number): Promise<Uint8Array> {
  const entries: [string, string][] = [];
  for (let i = 0; i < count; i++) entries.push([`xl/media/empty${i}.xml`, '']);
  return zip(entries, false);
}

/**
 * A deflate bomb: the workbook's parts plus a shared-strings part of `megabytes` MB of spaces, which
 * deflate packs about a thousand to one.
 */
export function deflateBomb(megabytes: number): Promise<Uint8Array> {
  return zip([
    ...workbookParts(),
    ['xl/worksheets/sheet1.xml', `${XML}<worksheet xmlns="${MAIN}"><sheetData/></worksheet>`],
    [BOMB_PART, Buffer.alloc(megabytes * 1024 * 1024, 0x20)],
  ]);
}
const BOMB_PART = 'xl/sharedStrings.xml';

/**
 * A copy of a `deflateBomb` whose central directory and local header declare 1 KB unpacked for the
 * bomb: a reader that trusted the declared sizes would unpack it all.
 */
export function lyingBomb(bomb: Uint8Array): Uint8Array {
  const bytes = bomb.slice();
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Local file header (PK\3\4): uncompressed size at +22, name length at +26, name at +30.
  // Central directory header (PK\1\2): uncompressed size at +24, name length at +28, name at +46.
  for (const [signature, sizeAt, nameLengthAt, nameAt] of [
    [0x04034b50, 22, 26, 30],
    [0x02014b50, 24, 28, 46],
  ] as const) {
    for (let at = 0; at < view.length - 4; at++) {
      if (view.readUInt32LE(at) !== signature) continue;
      const length = view.readUInt16LE(at + nameLengthAt);
      if (view.toString('utf8', at + nameAt, at + nameAt + length) === BOMB_PART) {
        view.writeUInt32LE(1024, at + sizeAt);
      }
    }
  }
  return bytes;
}
