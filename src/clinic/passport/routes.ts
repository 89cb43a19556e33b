// The pet passport PDF, built on demand from current data and never cached.
import { Readable } from 'node:stream';
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { idParam, yup } from '../../core/validation.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { passportData } from './operations/passport-data.js';
import { renderPassport } from './render.js';

export const passportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/passport.pdf',
    summary: 'The pet passport (identification, owner, vaccination history) as a PDF, never cached',
    description:
      'Owner or any active caregiver. Cache-Control: no-store; built from the current records on every call.',
    tags: ['passport'],
    access: clinicUserAccess,
    permission: null,
    params: yup.object({ pet: idParam() }),
    responses: {
      200: {
        description: 'the PDF',
        contentType: 'application/pdf',
        schema: { type: 'string', format: 'binary' },
      },
    },
    errors: { 404: 'The pet does not exist or is not visible to the caller' },
    handler: async ({ services, principal, params }) => {
      const pdf = renderPassport(
        await passportData(httpContext(services, principal.userId), {
          userId: principal.userId,
          petId: params.pet,
        }),
      );
      return Reply.stream(200, Readable.from([pdf]), 'application/pdf', {
        'Content-Length': String(pdf.length),
        'Content-Disposition': `inline; filename="passport-${params.pet}.pdf"`,
        'Cache-Control': 'no-store',
      });
    },
  }),
];
