// The HTML part of an email: a plain, inline-styled page (mail clients drop <style> and scripts),
// built only from escaped text. Callers pass text; this file is the one place that writes markup.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** One block of the message body. */
export type MailBlock =
  | { p: string }
  | { code: string }
  | { link: string; label: string }
  | { small: string }
  | { rows: Array<[string, string]> };

function block(b: MailBlock): string {
  if ('p' in b) return `<p style="margin:0 0 16px">${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`;
  if ('code' in b) {
    return (
      '<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;' +
      `font-family:monospace;font-size:16px;word-break:break-all">${escapeHtml(b.code)}</p>`
    );
  }
  if ('link' in b) {
    // Only http(s) links: a value that is not one is shown as text, never as an href.
    if (!/^https?:\/\//i.test(b.link)) return block({ p: `${b.label}: ${b.link}` });
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`;
  }
  if ('small' in b)
    return `<p style="margin:0 0 16px;color:#6b7280;font-size:13px">${escapeHtml(b.small)}</p>`;
  const rows = b.rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(k)}</td>` +
        `<td style="padding:2px 0">${escapeHtml(v).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  return `<table style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

/** A whole HTML document: a heading (the sender), then the blocks. */
export function htmlMail(title: string, sender: string, blocks: MailBlock[]): string {
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    `<div style="max-width:560px"><p style="margin:0 0 16px;font-weight:bold">${escapeHtml(sender)}</p>`,
    ...blocks.map(block),
    '</div></body></html>',
  ].join('\n');
}

/**
 * The plain-text part wrapped at `width` columns, as mail is written: with every line short, the
 * part travels as 7-bit text (or quoted-printable without soft breaks), so a code on a line of its
 * own reads the same in the raw .eml file. Indented lines (codes) and single long words are kept.
 */
export function wrapText(text: string, width = 72): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.length <= width || line.startsWith('    ')) return line;
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else {
          current = current ? `${current} ${word}` : word;
        }
      }
      if (current) out.push(current);
      return out.join('\n');
    })
    .join('\n');
}
