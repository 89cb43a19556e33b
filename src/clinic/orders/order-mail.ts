// The order-request email to the seller, in plain text and HTML: who asks, for which pet, what and
// how it is delivered, and where the seller answers it (the order queue, by API or `wfctl order`).
// Replies go to the requester.
import { htmlMail } from '../../core/mail-html.js';

export interface OrderMailFacts {
  orderId: number;
  kind: string;
  seller: { name: string; slug: string };
  requester: { name: string; email: string; phone: string | null };
  petName: string;
  species: string;
  summary: string | null;
  prescription: { id: number; tenantName: string } | null;
  delivery: string;
  address: string | null;
  notes: string | null;
  publicUrl: string;
}

export function orderMail(v: OrderMailFacts): { subject: string; text: string; html: string } {
  const hello = `Hello ${v.seller.name},`;
  const intro = `${v.requester.name} sent you an order request (#${v.orderId}, ${v.kind}) for ${v.petName} (${v.species}).`;
  const rows: Array<[string, string]> = [
    ['Items', v.summary ?? '-'],
    ...(v.prescription
      ? ([['Prescription', `#${v.prescription.id} issued by ${v.prescription.tenantName}`]] as Array<
          [string, string]
        >)
      : []),
    ['Delivery', `${v.delivery}${v.address ? ` to ${v.address}` : ''}`],
    ...(v.notes ? ([['Notes', v.notes]] as Array<[string, string]>) : []),
    [
      'Contact',
      `${v.requester.name} <${v.requester.email}>${v.requester.phone ? `, ${v.requester.phone}` : ''}`,
    ],
  ];
  const queueUrl = `${v.publicUrl}/api/v1/tenant/${v.seller.slug}/orders`;
  const answer = `Accept or reject it in the order queue: GET ${queueUrl}, then POST ${queueUrl}/${v.orderId}/accept (or /reject); from a terminal: wfctl order accept ${v.orderId} --tenant ${v.seller.slug}.`;
  const text = [hello, '', intro, '', ...rows.map(([k, val]) => `${k}: ${val}`), '', answer].join('\n');
  const html = htmlMail(`Order request #${v.orderId}`, v.seller.name, [
    { p: hello },
    { p: intro },
    { rows },
    { link: queueUrl, label: `Open the order queue of ${v.seller.name}` },
    { small: answer },
  ]);
  return { subject: `New order request #${v.orderId} (${v.kind}) for ${v.petName}`, text, html };
}
