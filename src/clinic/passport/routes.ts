// The pet passport PDF, built on demand from current data and never cached.
import { Readable } from 'node:stream';
import { Reply } from '../../core/reply.js';
import { idParam, yup } from '../../core/validation.js';
import { clinicOperationRoute } from '../operation-route.js';
import { passportData } from './operations/passport-data.js';
import { renderPassport } from './render.js';

export const passportRoutes = [
  clinicOperationRoute(passportData, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/passport.pdf',
    description:
      'Owner or any active caregiver. Cache-Control: no-store; built from the current records on every call.',
    tags: ['passport'],
    params: yup.object({ pet: idParam() }),
    responses: {
      200: {
        description: 'the PDF',
        contentType: 'application/pdf',
        schema: { type: 'string', format: 'binary' },
      },
    },
    errors: { 404: 'The pet does not exist or is not visible to the caller' },
    pathFields: { pet: 'pet_id' },
    reply: (data, { params }) => {
      const pdf = renderPassport(data);
      return Reply.stream(200, Readable.from([pdf]), 'application/pdf', {
        'Content-Length': String(pdf.length),
        'Content-Disposition': `inline; filename="passport-${params.pet}.pdf"`,
        'Cache-Control': 'no-store',
      });
    },
  }),
];
