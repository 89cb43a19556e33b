// The HTML landing page of a lost-pet tag (/p/{slug}, outside /api/v1): what a finder sees after
// scanning the collar. Every value is HTML-escaped; the page loads nothing from elsewhere: its one
// image, the pet's photo, comes from this same origin (/p/{slug}/photo), its style is inline, and it
// has no script. On a phone the finder sees first whether the pet is lost, its photo and the button
// to call, before the details.
import { htmlPage } from '../../core/html-page.js';
import { escapeHtml as escapeText } from '../../core/mail-html.js';
import type { PublicTag } from './serialize.js';

/** Escaped as the e-mails are; an absent value (a field left empty) is no text. */
export function escapeHtml(value: unknown): string {
  return escapeText(value ?? '');
}

/** A tel: URI keeps digits and a leading +, so nothing else can ride along in the href. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^0-9+]/g, '').replace(/(?!^)\+/g, '');
  return /[0-9]{3,}/.test(digits) ? `tel:${digits}` : null;
}

/** Strict: no scripts, no external loads; inline styles and same-origin images only. */
export const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
.photo{width:12rem;height:12rem;max-width:100%;border-radius:50%;background:#eee;display:flex;align-items:center;justify-content:center;font-size:3rem;margin:1rem auto;object-fit:cover}
h1{text-align:center}
.lost{background:#b00020;color:#fff;padding:.5rem 1rem;border-radius:.5rem;text-align:center;font-weight:bold}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:bold}
.call{display:block;text-align:center;background:#0a7d32;color:#fff;padding:1rem;border-radius:.5rem;font-size:1.25rem;text-decoration:none;margin:1rem 0 1.5rem}`;

const layout = (title: string, body: string) => htmlPage(title, STYLE, body);

/** The photo as a same-origin path (the page may be reached under another host than PUBLIC_URL). */
function photoTag(tag: PublicTag): string {
  if (!tag.photo_url) return `<div class="photo" role="img" aria-label="No photo">&#128062;</div>`;
  const url = new URL(tag.photo_url);
  return `<img class="photo" src="${escapeHtml(url.pathname + url.search)}" alt="Photo of ${escapeHtml(tag.pet.name)}">`;
}

export function renderTagPage(tag: PublicTag): string {
  const rows: Array<[string, string | null]> = [
    ['Species', tag.pet.species],
    ['Breed', tag.pet.breed],
    ['Colour', tag.pet.color],
    ['Microchip ID', tag.microchip_id],
  ];
  const details = rows
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  const phone = tag.contact_phone;
  const href = phone ? telHref(phone) : null;
  const body = [
    tag.lost_mode ? `<p class="lost">I am lost! Please contact my owner.</p>` : '',
    photoTag(tag),
    `<h1>${escapeHtml(tag.pet.name)}</h1>`,
    href ? `<a class="call" href="${escapeHtml(href)}">Call owner (${escapeHtml(phone)})</a>` : '',
    `<dl>\n${details}\n</dl>`,
    tag.reward_notes ? `<h2>Reward</h2>\n<p>${escapeHtml(tag.reward_notes)}</p>` : '',
  ].filter(Boolean);
  return layout(`${tag.pet.name} — pet tag`, body.join('\n'));
}

export function renderNotFoundPage(): string {
  return layout(
    'Tag not found',
    '<h1>Tag not found</h1>\n<p>This pet tag does not exist or is switched off.</p>',
  );
}
