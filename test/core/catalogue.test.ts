// Walks both catalogues: every operation names a permission rule and is reachable from a face (a
// route in the OpenAPI document, a command in the CLI, or a scheduled job or queue handler that
// names it); every route and every command is the
// face of a catalogue operation, except the few that run no operation (listed below, with why);
// every `authenticated` operation declares its ownership rule (ctx.owns) in its run().
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { Command } from 'commander';
import type { AnyOperation } from '../../src/core/operation.js';
import type { Route } from '../../src/core/routes.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { buildProgram } from '../../src/cli/main.js';
import { OPERATION_OF } from '../../src/cli/command.js';
import { workforceOperations } from '../../src/workforce/operations.js';
import { clinicOperations } from '../../src/clinic/operations.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import { clinicApiInfo, clinicRoutes } from '../../src/clinic/routes.js';
import { operationOfHandler } from '../../src/core/job-queue.js';
import { jobHandlers, SCHEDULED_JOBS } from '../../src/tasks.js';

/** Commands that run no catalogue operation: the daemon and the database's own upkeep. */
const PLAIN_COMMANDS = new Set([
  'serve',
  'migrate latest',
  'migrate status',
  'migrate rollback',
  'migrate unlock',
  'seed',
  'completion',
  'help',
  // The daemon's schedule and job queue, by hand: each schedule entry and queue handler names the
  // operation it runs (checked below), the command only fires or drains them.
  'schedule run',
  'jobs show',
  'jobs work',
  // The partner's side of the push: checks a signature against a body file, touches no database.
  'partner verify',
]);

function leaves(cmd: Command, prefix = ''): Array<{ path: string; cmd: Command }> {
  const out: Array<{ path: string; cmd: Command }> = [];
  for (const sub of cmd.commands) {
    const path = prefix ? `${prefix} ${sub.name()}` : sub.name();
    if (sub.commands.length) out.push(...leaves(sub, path));
    else out.push({ path, cmd: sub });
  }
  return out;
}

const catalogues: Array<[string, AnyOperation[], Route[]]> = [
  ['workforce', workforceOperations, workforceRoutes],
  ['clinic', clinicOperations, clinicRoutes],
];
const program = await buildProgram();
const commands = leaves(program);
const commandOps = new Set(commands.map((c) => OPERATION_OF.get(c.cmd)).filter(Boolean));
/** Operations the daemon runs by itself: scheduled jobs and queue handlers name them. */
const backgroundOps = new Set<unknown>([
  ...SCHEDULED_JOBS.map((job) => job.operation),
  ...Object.values(jobHandlers).map(operationOfHandler),
]);

for (const [context, operations, routes] of catalogues) {
  test(`${context}: operation names are unique and read subject.verb`, (t) => {
    const names = operations.map((op) => op.name);
    t.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
    );
    for (const name of names) t.regex(name, /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
  });

  test(`${context}: every operation has a permission rule, an input schema and a face`, (t) => {
    const routed = new Set(routes.map((r) => r.operation).filter(Boolean));
    for (const op of operations) {
      t.truthy(op.permission, `${op.name} has no permission rule`);
      t.truthy(op.input, `${op.name} has no input schema`);
      t.true(
        routed.has(op) || commandOps.has(op) || backgroundOps.has(op),
        `${op.name} has no route, command, scheduled job or queue handler`,
      );
    }
  });

  test(`${context}: every route is the face of a catalogue operation and is in the OpenAPI document`, (t) => {
    const inCatalogue = new Set(operations);
    const doc = buildOpenApi(context === 'workforce' ? workforceApiInfo : clinicApiInfo, routes) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const route of routes) {
      const where = `${route.method} ${route.path}`;
      t.truthy(route.operation, `${where} runs no operation`);
      if (route.operation)
        t.true(
          inCatalogue.has(route.operation),
          `${where}: ${route.operation.name} is not in the ${context} catalogue`,
        );
      t.is(
        route.permission,
        route.operation?.permission ?? null,
        `${where}: its permission is not its operation's`,
      );
      const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      t.truthy(
        doc.paths[path]?.[route.method.toLowerCase()],
        `${where} is missing from the OpenAPI document`,
      );
    }
  });
}

test('every command is the face of a catalogue operation, or one of the plain commands', (t) => {
  const all = new Set([...workforceOperations, ...clinicOperations]);
  for (const { path, cmd } of commands) {
    const op = OPERATION_OF.get(cmd);
    if (PLAIN_COMMANDS.has(path)) continue;
    t.truthy(op, `wfctl ${path} runs no catalogue operation`);
    if (op) t.true(all.has(op as AnyOperation), `wfctl ${path}: ${op.name} is not in a catalogue`);
  }
});

test('every scheduled job and every operation-running queue handler names a catalogue operation', (t) => {
  const all = new Set<unknown>([...workforceOperations, ...clinicOperations]);
  for (const job of SCHEDULED_JOBS) {
    t.true(all.has(job.operation), `scheduled job ${job.name} runs no catalogue operation`);
  }
  for (const [name, handler] of Object.entries(jobHandlers)) {
    const op = operationOfHandler(handler);
    if (op) t.true(all.has(op), `queue handler ${name}: ${op.name} is not in a catalogue`);
  }
});

interface Definition {
  name: string;
  file: string;
  owns: boolean;
}

/**
 * Every `defineRead|defineWrite|defineSteps(name, 'authenticated', { … })` in src (step operations, which are in
 * no catalogue, included), and whether its run() calls ctx.owns. Read from the source, so a branch
 * no test takes is held to it too (the runner refuses the forgetting path when it runs).
 */
function authenticatedDefinitions(dir = 'src'): Definition[] {
  const found: Definition[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...authenticatedDefinitions(path));
    else if (/\.tsx?$/.test(entry.name)) found.push(...definitionsIn(path));
  }
  return found;
}

const DEFINERS = new Set(['defineRead', 'defineWrite', 'defineSteps']);

function definitionsIn(file: string): Definition[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Definition[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      DEFINERS.has(node.expression.getText(source)) &&
      node.arguments.length === 3 &&
      ts.isObjectLiteralExpression(node.arguments[2])
    ) {
      const [name, permission, spec] = node.arguments;
      const literal = (arg: ts.Expression) =>
        ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) ? arg.text : null;
      const run = spec.properties.find((p) => p.name?.getText(source) === 'run');
      if (literal(permission) === 'authenticated') {
        found.push({
          name: literal(name) ?? '(unnamed)',
          file,
          owns: Boolean(run && callsOwns(run, source)),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function callsOwns(node: ts.Node, source: ts.SourceFile): boolean {
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'owns' &&
    node.expression.expression.getText(source) === 'ctx'
  ) {
    return true;
  }
  return ts.forEachChild(node, (child) => callsOwns(child, source) || undefined) ?? false;
}

test('every authenticated operation declares its ownership rule: its run() calls ctx.owns', (t) => {
  const definitions = authenticatedDefinitions();
  t.deepEqual(
    definitions.filter((d) => !d.owns).map((d) => `${d.name} (${d.file})`),
    [],
    'these authenticated operations never call ctx.owns',
  );
  // The scan sees every authenticated operation of both catalogues (none is defined out of its sight).
  const scanned = new Set(definitions.map((d) => d.name));
  const catalogued = [...workforceOperations, ...clinicOperations].filter(
    (op) => op.permission === 'authenticated',
  );
  t.true(catalogued.length > 40);
  t.deepEqual(
    catalogued.map((op) => op.name).filter((name) => !scanned.has(name)),
    [],
  );
});

test('the CLI help lists every command', (t) => {
  const help = program.helpInformation();
  for (const sub of program.commands) t.true(help.includes(sub.name()), `${sub.name()} missing from --help`);
});
