// One run's messages from its plan: one per pet and recipient, each with the recipient's own
// opt-out link. The preview shows these (without bodies); the run queues them.
import { reminderMail } from './reminder-mail.js';
import type { PlannedPet, TenantReminders } from './queries.js';
import type { PlannedMessage } from './serialize.js';
import { optOutToken, optOutUrl } from './token.js';

export interface ComposedMessage extends PlannedMessage {
  text: string;
  html: string;
}

export function senderName(tenant: TenantReminders): string {
  return tenant.sender_name ?? tenant.tenant_name;
}

export function composeMessages(
  tenant: TenantReminders,
  plan: PlannedPet[],
  key: Buffer,
  publicUrl: string,
): ComposedMessage[] {
  return plan.flatMap((pet) =>
    pet.recipients.map((to) => {
      const token = optOutToken(key, tenant.tenant_id, to.user_id);
      const mail = reminderMail({
        sender: senderName(tenant),
        recipientName: to.name,
        petName: pet.pet_name,
        due: pet.due,
        optOutUrl: optOutUrl(publicUrl, token),
      });
      return {
        pet_id: pet.pet_id,
        pet_name: pet.pet_name,
        to: to.email,
        role: to.role,
        due: pet.due,
        ...mail,
      };
    }),
  );
}

/** What a run or a preview answers: the messages without their bodies. */
export function withoutBodies({ text: _t, html: _h, ...message }: ComposedMessage): PlannedMessage {
  return message;
}
