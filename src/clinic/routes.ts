// Every route of the clinic listener. Each folder of the context exports its own table.
import type { Route } from '../core/routes.js';
import { systemRoutes } from './system/routes.js';
import { identityRoutes } from './identity/routes.js';
import { tenantRoutes } from './tenants/routes.js';
import { invitationRoutes } from './tenants/invitation-routes.js';
import { ownerRoutes } from './owners/routes.js';
import { clientRoutes } from './clients/routes.js';
import { petRoutes } from './pets/routes.js';
import { ownerPetRoutes } from './pets/owner-routes.js';
import { appointmentRoutes } from './appointments/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { gatewayRoutes } from './gateway/routes.js';
import { vaccinationRoutes } from './vaccinations/routes.js';
import { healthLogRoutes } from './health-logs/routes.js';
import { shareRoutes } from './shares/routes.js';
import { publicProfileRoutes } from './public-profile/routes.js';
import { providerRoutes } from './providers/routes.js';
import { caregiverRoutes } from './caregivers/routes.js';
import { prescriptionRoutes } from './prescriptions/routes.js';
import { orderRoutes } from './orders/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { documentRoutes } from './documents/routes.js';
import { passportRoutes } from './passport/routes.js';
import { petPhotoRoutes } from './pet-photos/routes.js';

export const clinicRoutes: Route[] = [
  ...systemRoutes,
  ...identityRoutes,
  ...tenantRoutes,
  ...invitationRoutes,
  ...ownerRoutes,
  ...clientRoutes,
  ...petRoutes,
  ...ownerPetRoutes,
  ...appointmentRoutes,
  ...invoiceRoutes,
  ...gatewayRoutes,
  ...vaccinationRoutes,
  ...healthLogRoutes,
  ...shareRoutes,
  ...publicProfileRoutes,
  ...providerRoutes,
  ...caregiverRoutes,
  ...prescriptionRoutes,
  ...orderRoutes,
  ...documentRoutes,
  ...passportRoutes,
  ...petPhotoRoutes,
  ...reminderRoutes,
];

export const clinicApiInfo = {
  title: 'wfctl — pet-care clinic service',
  version: '1.0.0',
  description: 'Contract: clinic-service.md. All endpoints under /api/v1; errors are {message, errors}.',
};
