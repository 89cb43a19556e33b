// The reminder email, in plain text and HTML: one per pet and recipient, listing every vaccination
// of the pet that falls due, with the recipient's own one-click opt-out link.
import { htmlMail } from '../../core/mail-html.js';
import type { DueVaccination } from './queries.js';

export interface ReminderMailFacts {
  sender: string;
  recipientName: string;
  petName: string;
  due: DueVaccination[];
  optOutUrl: string;
}

export function reminderSubject(petName: string, due: DueVaccination[]): string {
  return due.length === 1
    ? `${petName}: ${due[0].name} is due on ${due[0].due_on}`
    : `${petName}: ${due.length} vaccinations are due soon`;
}

export function reminderMail(v: ReminderMailFacts): { subject: string; text: string; html: string } {
  const hello = `Hello ${v.recipientName},`;
  const intro = `${v.petName} has vaccinations coming due at ${v.sender}:`;
  const book = 'Please book a visit before the due date. If it was already given elsewhere, let us know.';
  const optOut = `No more reminders from ${v.sender}? One click: ${v.optOutUrl}`;
  const text = [
    hello,
    '',
    intro,
    '',
    ...v.due.map((d) => `  - ${d.name}: due on ${d.due_on}`),
    '',
    book,
    '',
    optOut,
  ].join('\n');
  const html = htmlMail(`${v.petName}: vaccinations due`, v.sender, [
    { p: hello },
    { p: intro },
    { rows: v.due.map((d) => [d.name, `due on ${d.due_on}`] as [string, string]) },
    { p: book },
    { link: v.optOutUrl, label: `Stop reminders from ${v.sender}` },
  ]);
  return { subject: reminderSubject(v.petName, v.due), text, html };
}
