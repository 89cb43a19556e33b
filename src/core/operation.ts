// The operation catalogue's one pipeline. An operation is a use case of a contract (offboard an
// employee, book an appointment) declared once with `defineRead`, `defineWrite` or `defineSteps`;
// HTTP routes, CLI commands, scheduled jobs and queue handlers all run it through `runOperation`,
// which does, in this order and nowhere else:
//
//   validate the input (the operation's own yup schema)
//   → authorize through the policy the context supplies (fails closed, see below)
//   → prepare(ctx, input): slow lock-free work (bcrypt) before the transaction, when declared
//   → one transaction, retried on a MySQL deadlock (reads run on the pool instead)
//   → run(ctx with the transaction, input)
//   → the audit entries run() recorded, written in the same transaction
//   → roll back on a dry run
//   → the typed result.
//
// Authorization fails closed twice over. An operation cannot be defined without a permission rule,
// and run() must make the check its rule calls for, or the runner throws and the transaction rolls
// back: an operation whose rule is a named permission checks it against the record it touches
// (`ctx.authorize(scope)`) or the actor's scopes (`ctx.scopes()`); an `authenticated` one checks
// what the caller owns (`ctx.owns(rule)`, or `ctx.owns('self')` when it touches only rows keyed by
// the caller's own account).
import type { Knex } from 'knex';
import { ObjectSchema, type AnySchema, type InferType } from 'yup';
import { inTransaction, type Isolation } from '../db/transaction.js';
import type { Services } from './services.js';
import { isPlainObject, refuseHostileKeys, validate, validatedWith } from './validation.js';

/**
 * Who may run an operation:
 * - `public`: anyone, signed in or not (login, the lost-pet page);
 * - `authenticated`: any signed-in actor, acting on what is their own (GET /me, the owner portal);
 *   run() declares and checks what that is with `ctx.owns`;
 * - any other name: a permission of the context (`employee.update`, `order.manage`), checked by its
 *   policy against the scope (organization, tenant) of the record the operation touches.
 */
export type PermissionRule = 'public' | 'authenticated' | (string & {});

/** One audit entry, the same shape in every context; the context's writer maps it to its table. */
export interface AuditEntry {
  /** What happened, `subject.verb` (`employee.offboarded`, `appointment.created`). */
  action: string;
  subjectType: string;
  subjectId: number | null;
  /** The organization (workforce) or tenant (clinic) the subject belongs to. */
  scopeId: number | null;
  details?: Record<string, unknown>;
  /**
   * The user the entry is attributed to when it is not the actor: a queued job, run by the system
   * user, finishing what a user asked for (financial_year.closed names who asked for the close).
   */
  onBehalfOf?: number;
}

/**
 * A context's rules about its actors: how a permission is checked on a scope and which scopes an
 * actor may see. Supplied by the context (src/workforce/policy.ts, src/clinic/policy.ts).
 */
export interface Policy<Actor> {
  /**
   * Before the transaction: refuses an actor that may not run the operation at all (anonymous on an
   * authenticated one, a partner on a user's). Returns true when that settles the rule (public,
   * authenticated, a global permission such as system_admin's), false when run() must still check
   * the permission against the record's scope.
   */
  admit(actor: Actor, op: { name: string; permission: PermissionRule }): boolean;
  /** 404 when `scopeId` is outside the actor's scopes, 403 when inside without the permission. */
  authorize(db: Knex, actor: Actor, permission: string, scopeId: number, what: string): Promise<void>;
  /** The scopes (organization or tenant ids) where the actor holds `permission`; null means all. */
  scopes(db: Knex, actor: Actor, permission: string): Promise<number[] | null>;
  /**
   * The signed-in account ownership is checked against (`ctx.owns`): 401 for nobody, 403 for an
   * actor that is not an account (a partner token, the operator).
   */
  account(actor: Actor): number;
  /** Writes audit entries, attributed to the actor, in the operation's transaction. */
  writeAudit(db: Knex, services: Services, actor: Actor, entries: AuditEntry[]): Promise<void>;
}

/**
 * What an `authenticated` operation's caller must own (or have been granted) for it to touch a
 * record: the pet they own, the invoice of their Client row, the invite whose token they hold.
 * Checked by `ctx.owns(rule)`, which returns what `check` found.
 */
export interface OwnershipRule<Actor, T> {
  /** What is owned and by whom, in the contract's words: `pet (owner or full caregiver)`. */
  readonly subject: string;
  /** The record `account` owns, or a 404 (another's record does not exist for them). */
  check(db: Knex, account: number, actor: Actor): Promise<T>;
}

/** Builds an ownership rule (see OwnershipRule). */
export function ownershipRule<Actor, T>(
  subject: string,
  check: (db: Knex, account: number, actor: Actor) => Promise<T>,
): OwnershipRule<Actor, T> {
  return { subject, check };
}

/** What a face hands to runOperation: the services, who acts, and the context's policy. */
export interface OperationContext<Actor> {
  services: Services;
  actor: Actor;
  policy: Policy<Actor>;
}

/** What run() receives: the context plus the transaction and the pipeline's helpers. */
export interface RunContext<Actor> extends OperationContext<Actor> {
  /** The operation's transaction (writes), or the pool (reads). */
  db: Knex;
  /** True when the work will be rolled back (a preview); run() need not behave differently. */
  dryRun: boolean;
  /** Checks the operation's permission on the scope of the record at hand (see Policy.authorize). */
  authorize(scopeId: number, what?: string): Promise<void>;
  /** The scopes where the actor holds the operation's permission (null: every scope). */
  scopes(): Promise<number[] | null>;
  /**
   * The ownership check of an `authenticated` operation (see OwnershipRule): the record the caller
   * owns, or its 404. `'self'` declares that run() touches only rows keyed by the caller's own
   * account (GET /me, the caller's own lists) and returns that account's id, to key them by.
   */
  owns(rule: 'self'): number;
  owns<T>(rule: OwnershipRule<Actor, T>): Promise<T>;
  /** Records an audit entry; the runner writes it once run() has returned. */
  audit(entry: AuditEntry): void;
  /** Runs another operation inside this one's transaction (its checks and audit included). */
  call<I, O>(op: Operation<Actor, I, O>, input: unknown): Promise<O>;
}

/**
 * `write` runs in one transaction with deadlock retry and honours dry runs; `read` runs on the pool
 * (each statement is its own snapshot) and cannot record audit entries; `steps` runs on the pool
 * too, because it talks to the outside world (a payment gateway, a partner, the file store) between
 * its writes, and makes each write through `ctx.call` on a step operation with a transaction of its
 * own: no transaction is ever held open across the network.
 */
export type OperationKind = 'read' | 'write' | 'steps';

/** What an operation declares besides its identity (kind, name, permission: the define* call's line). */
export interface OperationSpec<Actor, S extends AnySchema, Out, P = undefined> {
  summary: string;
  input: S;
  /** MySQL isolation of the transaction (queue claims want read committed). */
  isolation?: Isolation;
  /**
   * Slow work that needs no lock, run after admission and before the transaction opens (hashing a
   * password, comparing one): on SQLite a transaction holds the single write lock, so bcrypt inside
   * it would stall every other writer. Its result is run()'s third argument.
   */
  prepare?(ctx: OperationContext<Actor>, input: InferType<S>): Promise<P>;
  run(ctx: RunContext<Actor>, input: InferType<S>, prepared: P): Promise<Out>;
}

export interface Operation<Actor, In, Out> {
  readonly name: string;
  readonly summary: string;
  readonly input: AnySchema;
  readonly permission: PermissionRule;
  readonly kind: OperationKind;
  readonly isolation?: Isolation;
  readonly prepare?: (ctx: OperationContext<Actor>, input: In) => Promise<unknown>;
  /** Phantom: the validated input type (never set). */
  readonly _in?: In;
  run(ctx: RunContext<Actor>, input: In, prepared?: any): Promise<Out>;
}

export type AnyOperation = Operation<any, any, any>;

const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/**
 * Declares an operation: its kind, its stable catalogue name (`subject.verb` in the contract's
 * words, `employee.offboard`) and its permission rule head the declaration, so that the line that
 * says what an operation is and who may run it is the first one a reader (and the catalogue test)
 * meets. Use `defineRead`, `defineWrite` or `defineSteps`.
 */
function defineOperation<Actor, S extends AnySchema, Out, P>(
  kind: OperationKind,
  name: string,
  permission: PermissionRule,
  spec: OperationSpec<Actor, S, Out, P>,
): Operation<Actor, InferType<S>, Out> {
  if (!NAME.test(name)) throw new Error(`Operation name ${name} must read subject.verb.`);
  if (typeof permission !== 'string' || permission === '') {
    throw new Error(`Operation ${name} has no permission rule; every operation must name one.`);
  }
  if (!spec.input) throw new Error(`Operation ${name} has no input schema.`);
  return Object.freeze({
    name,
    summary: spec.summary,
    input: spec.input,
    permission,
    kind,
    isolation: spec.isolation,
    prepare: spec.prepare,
    run: spec.run,
  });
}

/** An operation that only reads: it runs on the pool and records no audit. */
export const defineRead = <Actor, S extends AnySchema, Out, P = undefined>(
  name: string,
  permission: PermissionRule,
  spec: OperationSpec<Actor, S, Out, P>,
) => defineOperation('read', name, permission, spec);

/** An operation that writes, in one transaction (see OperationKind). */
export const defineWrite = <Actor, S extends AnySchema, Out, P = undefined>(
  name: string,
  permission: PermissionRule,
  spec: OperationSpec<Actor, S, Out, P>,
) => defineOperation('write', name, permission, spec);

/** An operation that talks to the outside world and writes through step operations (see OperationKind). */
export const defineSteps = <Actor, S extends AnySchema, Out, P = undefined>(
  name: string,
  permission: PermissionRule,
  spec: OperationSpec<Actor, S, Out, P>,
) => defineOperation('steps', name, permission, spec);

export interface RunOptions<Out = unknown> {
  /** Run the very same code and roll back: the result is exactly what would have happened. */
  dryRun?: boolean;
  /**
   * Work of the caller's that must commit with a write operation or not at all (an HTTP route's
   * Idempotency-Key): `before` runs first in its transaction, `after` last, with the result.
   * Ignored by reads and step operations, which have no one transaction.
   */
  hooks?: {
    before?(trx: Knex): Promise<void>;
    after?(trx: Knex, result: Out): Promise<void>;
  };
}

/** Thrown (a 500) when an operation with a named permission returned without checking it. */
export class UncheckedPermissionError extends Error {
  constructor(op: string, permission: string) {
    super(`Operation ${op} returned without checking its permission ${permission}.`);
    this.name = 'UncheckedPermissionError';
  }
}

/** Thrown (a 500) when an `authenticated` operation returned without checking what the caller owns. */
export class UncheckedOwnershipError extends Error {
  constructor(op: string) {
    super(`Operation ${op} (authenticated) returned without checking what the caller owns (ctx.owns).`);
    this.name = 'UncheckedOwnershipError';
  }
}

export async function runOperation<Actor, In, Out>(
  op: Operation<Actor, In, Out>,
  ctx: OperationContext<Actor>,
  rawInput: unknown,
  opts: RunOptions<Out> = {},
): Promise<Out> {
  const raw = rawInput ?? {};
  const input = (
    validatedWith(raw) === op.input
      ? raw // a route's body or query that is this very input, validated by it already
      : isPlainObject(raw) && isFieldless(op.input)
        ? fieldlessInput(raw)
        : await validate(op.input, raw)
  ) as In;
  const settled = ctx.policy.admit(ctx.actor, op);
  const prepared = op.prepare ? await op.prepare(ctx, input) : undefined;
  if (op.kind !== 'write') return execute(op, ctx, input, ctx.services.db, false, settled, prepared);
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      await opts.hooks?.before?.(trx);
      const result = await execute(op, ctx, input, trx, Boolean(opts.dryRun), settled, prepared);
      await opts.hooks?.after?.(trx, result);
      return result;
    },
    {
      dryRun: opts.dryRun,
      isolation: op.isolation,
    },
  );
}

/**
 * Operations without input fields (GET /me, /ping, most reads) make up the cheapest requests, and
 * yup's validate of an empty object schema was a visible part of them (a promise chain and a cast
 * per request). For those, a plain object's answer is known: its keys are stripped, as
 * `stripUnknown` does, and hostile keys are refused first, as validate() does. Anything else
 * (an array, a string, null) still goes through validate() and gets its exact 422.
 */
function fieldlessInput(raw: Record<string, unknown>): Record<string, never> {
  refuseHostileKeys(raw);
  return {};
}

const fieldless = new WeakMap<AnySchema, boolean>();

/** `yup.object({})` as declared: no fields, tests, transforms, conditions, default, strict or noUnknown. */
function isFieldless(schema: AnySchema): boolean {
  let known = fieldless.get(schema);
  if (known === undefined) {
    // yup's schema internals (stable across yup 1.x), read once per schema.
    const s = schema as unknown as {
      fields?: object;
      tests: unknown[];
      transforms: unknown[];
      conditions: unknown[];
      spec: {
        nullable: boolean;
        optional: boolean;
        strict: boolean;
        strip: boolean;
        default?: unknown;
        noUnknown?: boolean;
      };
    };
    known =
      schema instanceof ObjectSchema &&
      Object.keys(s.fields ?? {}).length === 0 &&
      s.tests.length === 0 &&
      s.transforms.length === 0 &&
      s.conditions.length === 0 &&
      s.spec.default === undefined &&
      !s.spec.noUnknown &&
      !s.spec.nullable &&
      !s.spec.strict &&
      !s.spec.strip &&
      s.spec.optional;
    fieldless.set(schema, known);
  }
  return known;
}

/** run() and the audit entries it recorded, on `db` (the transaction, or the pool for reads). */
async function execute<Actor, In, Out>(
  op: Operation<Actor, In, Out>,
  ctx: OperationContext<Actor>,
  input: In,
  db: Knex,
  dryRun: boolean,
  settled: boolean,
  prepared: unknown,
): Promise<Out> {
  const run = new Run(op, ctx, db, dryRun, settled);
  const result = await op.run(run, input, prepared);
  if (!run.checked) throw new UncheckedPermissionError(op.name, op.permission);
  if (!run.owned) throw new UncheckedOwnershipError(op.name);
  if (run.entries.length) await ctx.policy.writeAudit(db, run.services, ctx.actor, run.entries);
  return result;
}

/**
 * The RunContext of one run. A class rather than an object literal of closures: every request runs
 * one, and spreading the context and making six closures per run cost 5–7 µs of a 60 µs /ping (the
 * GET /me and /ping profiles in docs/benchmarks.md); the methods live once on the prototype.
 */
class Run<Actor> implements RunContext<Actor> {
  readonly services: Services;
  readonly actor: Actor;
  readonly policy: Policy<Actor>;
  /** Set once the operation's permission was checked (or the policy settled it on admission). */
  checked: boolean;
  /** Set once an `authenticated` operation declared what the caller owns (ctx.owns). */
  owned: boolean;
  readonly entries: AuditEntry[];

  private readonly op: AnyOperation;
  private readonly outer: OperationContext<Actor>;
  readonly db: Knex;
  readonly dryRun: boolean;

  constructor(op: AnyOperation, outer: OperationContext<Actor>, db: Knex, dryRun: boolean, settled: boolean) {
    // A face may hand the operation more than the three fields (a test's or the CLI's `exportTools`,
    // `pullTools`, the push's progress): they reach run() as they always did. Copied first, so the
    // run's own fields below win over any of the same name.
    Object.assign(this, outer);
    this.op = op;
    this.outer = outer;
    this.db = db;
    this.dryRun = dryRun;
    this.entries = [];
    this.services = db === outer.services.db ? outer.services : { ...outer.services, db };
    this.actor = outer.actor;
    this.policy = outer.policy;
    this.checked = settled;
    // An `authenticated` operation is admitted for any signed-in account; what it touches must still
    // be the caller's, and run() says how through ctx.owns.
    this.owned = op.permission !== 'authenticated';
  }

  async authorize(scopeId: number, what = 'Record'): Promise<void> {
    await this.policy.authorize(this.db, this.actor, this.op.permission, scopeId, what);
    this.checked = true;
  }

  async scopes(): Promise<number[] | null> {
    const scopes = await this.policy.scopes(this.db, this.actor, this.op.permission);
    this.checked = true;
    return scopes;
  }

  owns(rule: 'self'): number;
  owns<T>(rule: OwnershipRule<Actor, T>): Promise<T>;
  owns<T>(rule: 'self' | OwnershipRule<Actor, T>): number | Promise<T> {
    const account = this.policy.account(this.actor);
    if (rule === 'self') {
      this.owned = true;
      return account;
    }
    return rule.check(this.db, account, this.actor).then((found) => {
      this.owned = true;
      return found;
    });
  }

  audit(entry: AuditEntry): void {
    if (this.op.kind !== 'write') {
      throw new Error(
        `Operation ${this.op.name} (${this.op.kind}) has no transaction to record audit entries in.`,
      );
    }
    this.entries.push(entry);
  }

  call<I, O>(child: Operation<Actor, I, O>, childInput: unknown): Promise<O> {
    // Nested: the child's inTransaction sees a transaction and joins it (a savepoint).
    const inner: OperationContext<Actor> = { ...this.outer, services: this.services };
    return runOperation(child, inner, childInput, { dryRun: false });
  }
}
