// `wfctl deployment close ID [--force]`: deployment.close, as DELETE /deployments/{id} runs it.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import { closeDeployment } from '../../../workforce/deployments/operations/close-deployment.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { DeploymentView } from '../../views/deployment.js';

export function register(program: Command): void {
  commandGroup(program, 'deployment', 'Deployments of employees at units');
  commandFor(program, closeDeployment, {
    path: 'deployment close',
    description: 'End a deployment today (the organization’s date); --force deletes it',
    args: [{ name: 'id', description: 'deployment id', prompt: 'Deployment id?' }],
    input: {
      skip: ['deployment_id'],
      fields: { force: { description: 'delete the deployment instead of closing it' } },
    },
    examples: ['wfctl deployment close 11 --yes', 'wfctl deployment close 11 --force --dry-run'],
    context: workforceActor,
    confirm: (args, flags) => `${flags.force ? 'Delete' : 'Close'} deployment ${args.id}?`,
    toInput: async (args) => {
      if (!/^[1-9][0-9]{0,15}$/.test(args.id)) {
        throw new UsageError(`<id> must be a deployment id (got "${args.id}").`);
      }
      return { deployment_id: Number(args.id) };
    },
    names: (r) => ({ employees: [r.deployment.employee_id], units: [r.deployment.organization_unit_id] }),
    view: (result, _flags, names) => <DeploymentView result={result} names={names} />,
  });
}
