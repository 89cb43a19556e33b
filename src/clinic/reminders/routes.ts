// Vaccination reminders: routes beyond the contract, each marked `x-wfctl-extension: true` in the
// OpenAPI document. The tenant's setting, the pet's reminder log (owner and clinic side, in the
// shapes of the pets' own routes), the owner's own setting, and the opt-out link's two pages at
// /r/{token}, outside /api/v1 like the tag page.
import { AppError } from '../../core/errors.js';
import { Reply } from '../../core/reply.js';
import { publicAccess, type Route } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';

import { recordOptOut, showOptOut } from './operations/opt-out.js';
import { updateOwnerReminderSettings } from './operations/owner-settings.js';
import { listOwnerPetReminders, listPetReminders } from './operations/pet-log.js';
import { showReminderSettings, updateReminderSettings } from './operations/settings.js';
import { OPT_OUT_HEADERS, renderConfirmPage, renderDonePage, renderRefusedPage } from './page.js';

import { OwnerReminderSettings, ReminderLog, ReminderSettings } from './serialize.js';

const SETTINGS_PATH = '/api/v1/tenant/:tenant/settings/reminders';
const settingsBody = {
  200: { description: 'the setting', schema: Data(ReminderSettings) },
};
const tags = ['reminders'];
const html = (description: string) => ({ description, contentType: 'text/html', schema: { type: 'string' } });

const refused = {
  403: html('not a valid link: forged, edited or cut short (an HTML page); nothing changes'),
  404: html('the clinic of the link is gone (an HTML page)'),
};

/** The opt-out pages answer a refused link themselves, as HTML, with the error's status. */
function asPage(route: Route): Route {
  return {
    ...route,
    async handler(input) {
      try {
        return await route.handler(input);
      } catch (err) {
        if (err instanceof AppError && err.status < 500) {
          return Reply.html(err.status, renderRefusedPage(), OPT_OUT_HEADERS);
        }
        throw err;
      }
    },
  };
}

export const reminderRoutes = [
  tenantOperationRoute(showReminderSettings, {
    method: 'GET',
    path: SETTINGS_PATH,
    tags,
    extension: true,
    responses: settingsBody,
    reply: (settings) => ({ data: settings }),
  }),
  tenantOperationRoute(updateReminderSettings, {
    method: 'PATCH',
    path: SETTINGS_PATH,
    description:
      'A field left out is kept. send_hour (0–23) is read on the tenant’s wall clock (its timezone, set with ' +
      'PATCH /tenant/{tenant}/profile); days_before_due (0–365): a vaccination due within that many days of ' +
      'the run is listed; sender_name null: the clinic’s name.',
    tags,
    extension: true,
    responses: settingsBody,
    reply: (settings) => ({ data: settings }),
  }),
  tenantOperationRoute(listPetReminders, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/patients/:pet/reminders',
    tags,
    extension: true,
    responses: { 200: { description: 'the reminders this tenant sent, newest first', schema: ReminderLog } },
    errors: { 404: 'Not a pet of this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: (log) => ({ data: log }),
  }),
  clinicOperationRoute(listOwnerPetReminders, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/reminders',
    tags,
    extension: true,
    responses: {
      200: { description: 'the reminders sent about the pet, newest first', schema: ReminderLog },
    },
    errors: { 404: 'Not the caller’s pet, nor one they care for' },
    pathFields: { pet: 'pet_id' },
    reply: (log) => ({ data: log }),
  }),
  clinicOperationRoute(updateOwnerReminderSettings, {
    method: 'PATCH',
    path: '/api/v1/owner/me/reminder-settings',
    description: 'An empty body changes nothing and shows the setting.',
    tags,
    extension: true,
    responses: { 200: { description: 'the owner’s setting', schema: Data(OwnerReminderSettings) } },
    reply: (settings) => ({ data: settings }),
  }),
  asPage(
    clinicOperationRoute(showOptOut, {
      method: 'GET',
      path: '/r/:token',
      summary: 'The opt-out link of a reminder: a confirmation page (public, no login)',
      tags,
      extension: true,
      access: publicAccess,
      secretParams: ['token'],
      responses: { 200: html('the confirmation page, with one button'), ...refused },
      pathFields: { token: 'token' },
      reply: (state) => Reply.html(200, renderConfirmPage(state), OPT_OUT_HEADERS),
    }),
  ),
  asPage(
    clinicOperationRoute(recordOptOut, {
      method: 'POST',
      path: '/r/:token',
      summary: 'The opt-out link of a reminder: records the opt-out (public, no login; again: already done)',
      tags,
      extension: true,
      access: publicAccess,
      secretParams: ['token'],
      idempotent: false,
      responses: { 200: html('done, or already done'), ...refused },
      pathFields: { token: 'token' },
      reply: (state) => Reply.html(200, renderDonePage(state), OPT_OUT_HEADERS),
    }),
  ),
];
