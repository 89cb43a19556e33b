// The workforce records commands (issue "Workforce records and lifecycle cascades"), registered
// together: import, offboard, unit retire, org retire, transfer, deployment create|close.
import type { Command } from 'commander';
import { registerDeployment } from './deployment.js';
import { registerImport } from './import.js';
import { registerOrg } from './org.js';
import { registerTransfer } from './transfer.js';
import { registerUnit } from './unit.js';

export function registerRecords(program: Command): void {
  registerImport(program);
  registerUnit(program);
  registerOrg(program);
  registerTransfer(program);
  registerDeployment(program);
}
