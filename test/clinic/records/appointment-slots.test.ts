// Appointment slots: a duration (default from APPOINTMENT_DEFAULT_MINUTES, 5 to 480), no overlap in
// one veterinarian's calendar (409 naming the other appointment; cancelled and no-show ones free
// their slot), moving checks the same rule without the appointment itself, the list filters, and two
// parallel bookings of one slot: exactly one wins.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff } from '../fixtures.js';
import { createPet, recordCounts, world, type World } from './fixtures.js';

const book = (w: World, body: Record<string, unknown>) =>
  w.app.clinic.post(`${w.t}/appointments`, body, { token: w.admin.token });
const move = (w: World, id: number, body: Record<string, unknown>) =>
  w.app.clinic.post(`${w.t}/appointments/${id}/reschedule`, body, { token: w.admin.token });

for (const dialect of DIALECTS) {
  test(`[${dialect}] a booking takes the default duration; an overlap with the same veterinarian is a 409 naming it`, async (t) => {
    const w = await world(dialect, { APPOINTMENT_DEFAULT_MINUTES: '20' });
    t.teardown(w.app.close);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const other = await addStaff(w.app, w.admin, 'veterinarian');
    const pet = await createPet(w);
    const first = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T10:00:00+05:30',
      veterinarian_user_id: vet.userId,
    });
    t.is(first.status, 201, first.text);
    t.like(first.body.data, {
      scheduled_at: '2026-03-01T04:30:00.000Z',
      duration_minutes: 20,
      ends_at: '2026-03-01T04:50:00.000Z',
    });
    const id = first.body.data.id;

    const before = await recordCounts(w.db);
    const clash = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T04:40:00Z', // 10:10 in Kolkata, inside 10:00–10:20
      veterinarian_user_id: vet.userId,
    });
    t.is(clash.status, 409, clash.text);
    t.like(clash.body, { code: 'APPOINTMENT_OVERLAP', conflicting_appointment_id: id });
    t.regex(clash.body.message, new RegExp(`appointment ${id} `));
    // Starting earlier and running into it overlaps too.
    const into = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T04:00:00Z',
      duration_minutes: 31,
      veterinarian_user_id: vet.userId,
    });
    t.is(into.status, 409, into.text);
    t.deepEqual(await recordCounts(w.db), before);

    // Back to back is not an overlap ([start, end)); another veterinarian or none is free.
    const after = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T04:50:00Z',
      duration_minutes: 45,
      veterinarian_user_id: vet.userId,
    });
    t.is(after.status, 201, after.text);
    const before1 = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T04:10:00Z',
      veterinarian_user_id: vet.userId,
    });
    t.is(before1.status, 201, before1.text); // 04:10–04:30
    const otherVet = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T04:40:00Z',
      veterinarian_user_id: other.userId,
    });
    t.is(otherVet.status, 201, otherVet.text);
    const noVet = await book(w, { pet_id: pet.id, scheduled_at: '2026-03-01T04:40:00Z' });
    t.is(noVet.status, 201, noVet.text);

    // Cancelled and no-show appointments free their slot.
    for (const status of ['cancelled', 'no_show']) {
      const blocker = await book(w, {
        pet_id: pet.id,
        scheduled_at: '2026-03-05T09:00:00Z',
        veterinarian_user_id: vet.userId,
      });
      t.is(blocker.status, 201, blocker.text);
      const patch = await w.app.clinic.patch(
        `${w.t}/appointments/${blocker.body.data.id}`,
        { status },
        { token: w.admin.token },
      );
      t.is(patch.status, 200, patch.text);
    }
    const free = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-05T09:00:00Z',
      veterinarian_user_id: vet.userId,
    });
    t.is(free.status, 201, free.text);
  });

  test(`[${dialect}] a duration out of range is a 422 on duration_minutes and writes nothing`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const pet = await createPet(w);
    const before = await recordCounts(w.db);
    for (const duration_minutes of [0, 4, 481, 30.5, '30']) {
      const res = await book(w, { pet_id: pet.id, scheduled_at: '2026-03-01T10:00:00Z', duration_minutes });
      t.is(res.status, 422, `${duration_minutes}: ${res.text}`);
      t.truthy(res.body.errors.duration_minutes, res.text);
    }
    t.deepEqual(await recordCounts(w.db), before);
    const ok = await book(w, { pet_id: pet.id, scheduled_at: '2026-03-01T10:00:00Z', duration_minutes: 480 });
    t.is(ok.status, 201, ok.text);
    t.is(ok.body.data.duration_minutes, 480);
  });

  test(`[${dialect}] moving an appointment checks the slot without itself`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const pet = await createPet(w);
    const a = (
      await book(w, {
        pet_id: pet.id,
        scheduled_at: '2026-03-01T09:00:00Z',
        veterinarian_user_id: vet.userId,
      })
    ).body.data;
    const b = (
      await book(w, {
        pet_id: pet.id,
        scheduled_at: '2026-03-01T10:00:00Z',
        veterinarian_user_id: vet.userId,
      })
    ).body.data;
    // Overlapping only itself: moved by 15 minutes and lengthened.
    const self = await move(w, a.id, { scheduled_at: '2026-03-01T09:15:00Z', duration_minutes: 45 });
    t.is(self.status, 200, self.text);
    t.like(self.body.data, { scheduled_at: '2026-03-01T09:15:00.000Z', ends_at: '2026-03-01T10:00:00.000Z' });
    const onto = await move(w, a.id, { scheduled_at: '2026-03-01T10:15:00Z' });
    t.is(onto.status, 409, onto.text);
    t.like(onto.body, { code: 'APPOINTMENT_OVERLAP', conflicting_appointment_id: b.id });
    const row = await w.db('appointments').where('id', a.id).first();
    t.is(Number(row.duration_minutes), 45);
    const bad = await move(w, a.id, { scheduled_at: '2026-03-01T12:00:00Z', duration_minutes: 1000 });
    t.is(bad.status, 422, bad.text);
    t.truthy(bad.body.errors.duration_minutes);
    const unreal = await move(w, a.id, { scheduled_at: '2026-02-30T09:15:00Z' });
    t.is(unreal.status, 422, unreal.text);
    t.deepEqual(Object.keys(unreal.body.errors), ['scheduled_at']);
    // A cancelled appointment is not moved.
    await w.app.clinic.patch(
      `${w.t}/appointments/${b.id}`,
      { status: 'cancelled' },
      { token: w.admin.token },
    );
    const cancelled = await move(w, b.id, { scheduled_at: '2026-03-01T15:00:00Z' });
    t.is(cancelled.status, 422, cancelled.text);
    t.truthy(cancelled.body.errors.scheduled_at);
    t.is((await w.db('clinic_audit_entries').where('action', 'appointment.rescheduled')).length, 1);
  });

  test(`[${dialect}] the list filters by from, to and veterinarian_user_id`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const pet = await createPet(w);
    const at = async (iso: string, vetId?: number) =>
      (await book(w, { pet_id: pet.id, scheduled_at: iso, veterinarian_user_id: vetId ?? null })).body.data
        .id;
    const early = await at('2026-03-01T18:45:00Z', vet.userId); // 2 March 00:15 in Kolkata
    const mid = await at('2026-03-02T09:00:00Z', vet.userId);
    const none = await at('2026-03-02T10:00:00Z');
    const late = await at('2026-03-03T09:00:00Z', vet.userId);
    const list = async (query: string) => {
      const res = await w.app.clinic.get(`${w.t}/appointments?${query}`, { token: w.admin.token });
      t.is(res.status, 200, res.text);
      return res.body.data.map((a: any) => a.id);
    };
    // A day in Kolkata: [2 March 00:00+05:30, 3 March 00:00+05:30).
    const day = 'from=2026-03-02T00:00:00%2B05:30&to=2026-03-03T00:00:00%2B05:30';
    t.deepEqual(await list(day), [none, mid, early]);
    t.deepEqual(await list(`${day}&veterinarian_user_id=${vet.userId}`), [mid, early]);
    t.deepEqual(await list(`from=2026-03-02T09:00:00Z`), [late, none, mid]); // from is inclusive
    t.deepEqual(await list(`to=2026-03-02T09:00:00Z`), [early]); // to is exclusive
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to'],
      ['veterinarian_user_id=abc', 'veterinarian_user_id'],
    ]) {
      const res = await w.app.clinic.get(`${w.t}/appointments?${query}`, { token: w.admin.token });
      t.is(res.status, 422, `${query}: ${res.text}`);
      t.truthy(res.body.errors[field], res.text);
    }
  });

  test(`[${dialect}] parallel bookings of one slot: exactly one 201, the rest 409`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const pets = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createPet(w, { name: `Pet ${n}` })));
    const results = await Promise.all(
      pets.map((pet, i) =>
        book(w, {
          pet_id: pet.id,
          // Different starts, all overlapping 10:00–10:30 pairwise.
          scheduled_at: `2026-04-01T10:0${i}:00Z`,
          veterinarian_user_id: vet.userId,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    t.deepEqual(statuses, [201, 409, 409, 409, 409, 409], results.map((r) => r.text).join('\n'));
    const rows = await w.db('appointments').where('veterinarian_user_id', vet.userId);
    t.is(rows.length, 1);
  });
}
