// The passport as a PDF page (or more, for a long vaccination history).
import { buildPdf, type PdfJpeg, type PdfLine } from './pdf.js';
import type { PassportData } from './operations/passport-data.js';

const day = (v: unknown) => (v ? String(v).slice(0, 10) : '-');
const clip = (v: unknown, n: number) => {
  const s = v == null || v === '' ? '-' : String(v);
  return s.length > n ? `${s.slice(0, n - 3)}...` : s;
};

/** The photo's box: the top right corner of the first page, beside the identification. */
const PHOTO_BOX = { right: 545, top: 792, size: 130 };

function photoImage(photo: NonNullable<PassportData['photo']>): PdfJpeg {
  const scale = PHOTO_BOX.size / Math.max(photo.width, photo.height);
  const width = Math.round(photo.width * scale);
  const height = Math.round(photo.height * scale);
  return {
    data: photo.data,
    pixelWidth: photo.width,
    pixelHeight: photo.height,
    x: PHOTO_BOX.right - width,
    y: PHOTO_BOX.top - height,
    width,
    height,
  };
}

export function renderPassport(d: PassportData): Buffer {
  const { pet } = d;
  const lines: PdfLine[] = [
    { text: 'Pet passport', x: 50, size: 22, bold: true },
    { text: `Generated ${d.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, x: 50, size: 9 },
    { text: 'Identification', x: 50, size: 14, bold: true, gapBefore: 14 },
  ];
  const field = (label: string, value: unknown) => {
    lines.push(
      { text: label, x: 50, size: 10, bold: true },
      // Beside the photo, a value stops short of it.
      { text: clip(value, d.photo ? 44 : 80), x: 170, size: 10, sameLine: true },
    );
  };
  field('Name', pet.name);
  field('Species', pet.species);
  field('Breed', pet.breed);
  field('Sex', pet.sex);
  field('Date of birth', day(pet.date_of_birth));
  field('Colour', pet.color);
  field('Microchip', pet.microchip_id);
  field('Weight', pet.weight_kg == null ? null : `${Number(pet.weight_kg)} kg`);

  lines.push({ text: 'Owner', x: 50, size: 14, bold: true, gapBefore: 14 });
  field('Name', d.owner.name);
  field('Email', d.owner.email);
  field('Phone', d.owner.phone);
  field('Clinic', d.tenant.name);
  field('Clinic phone', d.tenant.phone);

  lines.push({ text: 'Vaccinations', x: 50, size: 14, bold: true, gapBefore: 14 });
  if (!d.vaccinations.length) {
    lines.push({ text: 'No vaccinations recorded.', x: 50, size: 10 });
  } else {
    const columns: [string, number][] = [
      ['Vaccine', 50],
      ['Given', 250],
      ['Next due', 330],
      ['Lot', 410],
    ];
    columns.forEach(([text, x], i) => lines.push({ text, x, size: 10, bold: true, sameLine: i > 0 }));
    for (const v of d.vaccinations) {
      lines.push(
        { text: clip(v.name, 38), x: 50, size: 10 },
        { text: day(v.administered_at), x: 250, size: 10, sameLine: true },
        { text: day(v.next_due_at), x: 330, size: 10, sameLine: true },
        { text: clip(v.lot_number, 30), x: 410, size: 10, sameLine: true },
      );
    }
  }
  return buildPdf(lines, {
    title: `Pet passport: ${pet.name}`,
    producer: 'wfctl',
    image: d.photo ? photoImage(d.photo) : undefined,
  });
}
