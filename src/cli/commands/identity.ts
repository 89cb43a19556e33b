// The workforce identity commands: user, token, device, partner.
import type { Command } from 'commander';
import { registerDevice } from './device.js';
import { registerPartner } from './partner.js';
import { registerToken } from './token.js';
import { registerUser } from './user.js';

export function registerIdentity(program: Command): void {
  registerUser(program);
  registerToken(program);
  registerDevice(program);
  registerPartner(program);
}
