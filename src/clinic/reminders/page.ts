// The small HTML pages of the opt-out link (/r/{token}): a confirmation with one button (a form that
// POSTs to the same address, no script), the result, and a refusal. Every value is escaped.
import { htmlPage } from '../../core/html-page.js';
import { escapeHtml } from '../public-profile/page.js';
import type { OptOutState } from './operations/opt-out.js';

/** Strict like the tag page, but the one form may post back to this origin. */
export const OPT_OUT_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}button{font-size:1.1rem;padding:.75rem 1.5rem}`;

const layout = (title: string, body: string) => htmlPage(title, STYLE, body);

export function renderConfirmPage(state: OptOutState): string {
  const clinic = escapeHtml(state.clinic);
  if (state.opted_out) {
    return layout(
      'Reminders stopped',
      `<h1>Reminders stopped</h1>\n<p>You already opted out of vaccination reminders from ${clinic}.</p>`,
    );
  }
  return layout(
    'Stop vaccination reminders',
    `<h1>Stop vaccination reminders?</h1>\n<p>You will no longer receive vaccination reminders from ${clinic}.</p>\n` +
      '<form method="post"><button type="submit">Stop reminders</button></form>',
  );
}

export function renderDonePage(state: OptOutState): string {
  const clinic = escapeHtml(state.clinic);
  return state.already
    ? layout(
        'Reminders stopped',
        `<h1>Already done</h1>\n<p>You had already opted out of vaccination reminders from ${clinic}.</p>`,
      )
    : layout(
        'Reminders stopped',
        `<h1>Reminders stopped</h1>\n<p>You will no longer receive vaccination reminders from ${clinic}.</p>`,
      );
}

export function renderRefusedPage(): string {
  return layout(
    'Link not valid',
    '<h1>Link not valid</h1>\n<p>This opt-out link is not valid. Nothing was changed.</p>',
  );
}
