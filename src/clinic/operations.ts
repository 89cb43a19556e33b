// The clinic catalogue: every read and write the clinic contract names, by stable name.
// Routes (src/clinic/**/routes.ts) and commands (src/cli/commands/**) run these through
// runOperation; test/core/catalogue.test.ts walks this list.
import type { AnyOperation } from '../core/operation.js';
import { acceptInvite } from './caregivers/operations/accept-invite.js';
import { inviteCaregiver } from './caregivers/operations/invite-caregiver.js';
import { listCaregivers, revokeCaregiver, sharedWithMe } from './caregivers/operations/manage-caregivers.js';
import { listClients } from './clients/operations/list-clients.js';
import { login } from './identity/operations/login.js';
import { logout } from './identity/operations/logout.js';
import { showMe } from './identity/operations/show-me.js';
import { getOwnerClient, listOwnerClients } from './owners/operations/owner-clients.js';
import { registerOwner } from './owners/operations/register-owner.js';
import { passportData } from './passport/operations/passport-data.js';
import {
  removeOwnerPetPhoto,
  removePetPhoto,
  setOwnerPetPhoto,
  setPetPhoto,
} from './pet-photos/operations/set-photo.js';
import { downloadPetPhoto, showTagPhoto } from './pet-photos/operations/show-photo.js';
import { getProvider, listProviders } from './providers/operations/providers.js';
import {
  disableProfile,
  enableProfile,
  markFound,
  markLost,
  showPublicTag,
} from './public-profile/operations/public-profile.js';
import { createShare, listActiveShares, revokeShare } from './shares/operations/owner-shares.js';
import { previewShare, redeemShare } from './shares/operations/redeem-share.js';
import { checkHealth } from './system/operations/health.js';
import { checkReady } from './system/operations/ready.js';
import { recountCounters } from './system/operations/recount.js';
import { acceptInvitation } from './tenants/operations/accept-invitation.js';
import { addMember } from './tenants/operations/add-member.js';
import { createTenant } from './tenants/operations/create-tenant.js';
import { declineInvitation } from './tenants/operations/decline-invitation.js';
import { getDashboard } from './tenants/operations/get-dashboard.js';
import { listMembers } from './tenants/operations/list-members.js';
import { listTenants } from './tenants/operations/list-tenants.js';
import { removeMember } from './tenants/operations/remove-member.js';
import { updateTenantProfile } from './tenants/operations/update-profile.js';

// -- records
import { changeAppointmentStatus } from './appointments/operations/change-appointment-status.js';
import { rescheduleAppointment } from './appointments/operations/reschedule-appointment.js';
import { bookAppointment } from './appointments/operations/create-appointment.js';
import { listAppointments, listOwnerAppointments } from './appointments/operations/list-appointments.js';
import {
  deleteDocument,
  downloadDocument,
  getDocument,
  listDocuments,
} from './documents/operations/documents.js';
import { uploadDocument } from './documents/operations/upload-document.js';
import { createGatewayOrder } from './gateway/operations/create-gateway-order.js';
import { handleGatewayWebhook } from './gateway/operations/handle-gateway-webhook.js';
import { listGatewayEvents } from './gateway/operations/list-gateway-events.js';
import { resolveUnreconciled } from './gateway/operations/resolve-unreconciled.js';
import { verifyGatewayPayment } from './gateway/operations/verify-gateway-payment.js';
import {
  createHealthLog,
  createOwnerHealthLog,
  deleteOwnerHealthLog,
  listHealthLogs,
  listOwnerHealthLogs,
} from './health-logs/operations/health-logs.js';
import { createInvoice } from './invoices/operations/create-invoice.js';
import { listInvoices, listOwnerInvoices } from './invoices/operations/list-invoices.js';
import { createOwnerOrder } from './orders/operations/create-order.js';
import { recordOptOut, showOptOut } from './reminders/operations/opt-out.js';
import { updateOwnerReminderSettings } from './reminders/operations/owner-settings.js';
import { listOwnerPetReminders, listPetReminders } from './reminders/operations/pet-log.js';
import { previewReminders } from './reminders/operations/preview.js';
import { sendReminders } from './reminders/operations/send.js';
import { showReminderSettings, updateReminderSettings } from './reminders/operations/settings.js';
import { cancelOwnerOrder, getOwnerOrder, listOwnerOrders } from './orders/operations/owner-orders.js';
import { acceptOrder, fulfillOrder, listOrders, rejectOrder } from './orders/operations/seller-orders.js';
import { recordPayment } from './payments/operations/record-payment.js';
import { createOwnerPet, createPet } from './pets/operations/create-pet.js';
import { listOwnerPets, listPets } from './pets/operations/list-pets.js';
import { updateOwnerPet, updatePet } from './pets/operations/update-pet.js';
import { createPrescription } from './prescriptions/operations/create-prescription.js';
import { listOwnerPrescriptions, ownerRefillDraft } from './prescriptions/operations/owner-prescriptions.js';
import { listVaccinations, recordVaccination } from './vaccinations/operations/vaccinations.js';

// -- the outbox (operator only; its delivery is src/core/mailer.ts)
import { listMail } from './mail/operations/list-mail.js';
import { retryMail } from './mail/operations/retry-mail.js';
import { showMail } from './mail/operations/show-mail.js';

export const clinicOperations: AnyOperation[] = [
  // -- accounts and tenants: system, identity, tenants, members, invitations, owners, clients,
  //    providers, public profile, shares, passport, caregivers
  checkHealth,
  checkReady,
  login,
  logout,
  showMe,
  createTenant,
  listTenants,
  getDashboard,
  updateTenantProfile,
  listMembers,
  addMember,
  removeMember,
  acceptInvitation,
  declineInvitation,
  registerOwner,
  listOwnerClients,
  getOwnerClient,
  listClients,
  listProviders,
  getProvider,
  enableProfile,
  disableProfile,
  markLost,
  markFound,
  showPublicTag,
  showTagPhoto,
  listActiveShares,
  createShare,
  revokeShare,
  previewShare,
  redeemShare,
  passportData,
  listCaregivers,
  inviteCaregiver,
  revokeCaregiver,
  acceptInvite,
  sharedWithMe,
  // -- records: pets, appointments, invoices, payments, orders, gateway, documents, health logs,
  //    prescriptions, vaccinations. (The steps gateway-order.record, gateway-payment.capture,
  //    gateway-webhook.record, document.store-row, document.remove-row, pet.photo-row and owner-pet.photo-row are not listed: they run
  //    only through ctx.call, inside the operation that checked the caller.)
  listPets,
  createPet,
  updatePet,
  listOwnerPets,
  createOwnerPet,
  updateOwnerPet,
  setPetPhoto,
  removePetPhoto,
  setOwnerPetPhoto,
  removeOwnerPetPhoto,
  downloadPetPhoto,
  listAppointments,
  bookAppointment,
  changeAppointmentStatus,
  rescheduleAppointment,
  listOwnerAppointments,
  listInvoices,
  createInvoice,
  recordPayment,
  listOwnerInvoices,
  createGatewayOrder,
  verifyGatewayPayment,
  handleGatewayWebhook,
  listGatewayEvents,
  resolveUnreconciled,
  createOwnerOrder,
  listOwnerOrders,
  getOwnerOrder,
  cancelOwnerOrder,
  listOrders,
  acceptOrder,
  rejectOrder,
  fulfillOrder,
  listDocuments,
  uploadDocument,
  getDocument,
  downloadDocument,
  deleteDocument,
  listOwnerHealthLogs,
  createOwnerHealthLog,
  deleteOwnerHealthLog,
  listHealthLogs,
  createHealthLog,
  createPrescription,
  listOwnerPrescriptions,
  ownerRefillDraft,
  listVaccinations,
  recordVaccination,
  listMail,
  showMail,
  retryMail,
  // -- the tenants' counters (operator only; the step clinic.recount-tenant runs only through ctx.call)
  recountCounters,
  // -- vaccination reminders, beyond the contract (issue 28): reminder.send runs from the schedule
  showReminderSettings,
  updateReminderSettings,
  previewReminders,
  sendReminders,
  showOptOut,
  recordOptOut,
  listOwnerPetReminders,
  listPetReminders,
  updateOwnerReminderSettings,
];
