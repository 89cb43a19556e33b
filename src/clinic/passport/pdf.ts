// A minimal PDF 1.4 writer for text documents: Helvetica and Helvetica-Bold (standard fonts, so
// nothing is embedded), WinAnsi text, A4 pages, a correct cross-reference table, and at most one
// JPEG picture on the first page (PDF's DCTDecode filter takes JPEG bytes as they are, so nothing
// is decoded here). Enough for a printable record without a dependency. Characters outside
// Latin-1 print as "?".

export interface PdfLine {
  text: string;
  x: number;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gapBefore?: number;
  /** Draw on the same baseline as the previous line (a table column). */
  sameLine?: boolean;
}

/** A baseline JPEG (sRGB, 8 bits) drawn at (x, y), its lower-left corner, `width` × `height` points. */
export interface PdfJpeg {
  data: Buffer;
  pixelWidth: number;
  pixelHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 50;

/** Escapes a string for a PDF literal: backslash and both parentheses; non-Latin-1 → '?'. */
export function pdfString(text: string): string {
  const latin1 = [...text]
    .map((c) => (c.charCodeAt(0) <= 0xff && c.length === 1 ? c : '?'))
    .join('')
    .replace(/[\r\n\t]+/g, ' ');
  return `(${latin1.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

/** Lays the lines out top to bottom, starting a new page when one is full. */
function paginate(lines: PdfLine[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    if (!line.sameLine) y -= (line.gapBefore ?? 0) + size * 1.45;
    if (y < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN - size * 1.45;
    }
    const font = line.bold ? 'F2' : 'F1';
    pages[pages.length - 1].push(
      `BT /${font} ${size} Tf 1 0 0 1 ${line.x} ${y.toFixed(2)} Tm ${pdfString(line.text)} Tj ET`,
    );
  }
  return pages.map((ops) => ops.join('\n'));
}

/** The whole file. Offsets are byte offsets: every part is Latin-1, one byte per character. */
export function buildPdf(
  lines: PdfLine[],
  info: { title: string; producer: string; image?: PdfJpeg },
): Buffer {
  const { image } = info;
  const contents = paginate(lines);
  const objects: string[] = [];
  const pageIds = contents.map((_, i) => 6 + i * 2);
  const imageId = 6 + contents.length * 2;
  if (image) {
    // The JPEG's bytes, one Latin-1 character each, so the byte offsets below stay exact.
    objects[imageId] =
      `<< /Type /XObject /Subtype /Image /Width ${image.pixelWidth} /Height ${image.pixelHeight} ` +
      `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.data.length} >>\n` +
      `stream\n${image.data.toString('latin1')}\nendstream`;
    const draw = `q ${image.width} 0 0 ${image.height} ${image.x} ${image.y} cm /Im1 Do Q`;
    contents[0] = `${draw}\n${contents[0]}`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(info.title)} /Producer ${pdfString(info.producer)} >>`;
  contents.forEach((stream, i) => {
    const pageId = pageIds[i];
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >>${image && i === 0 ? ` /XObject << /Im1 ${imageId} 0 R >>` : ''} >> ` +
      `/Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'; // the binary comment tells tools the file is binary
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
