// Synthetic import document: N employees over a few units with a month of attendance each, then
// `wfctl import` timed against DATABASE_URL. Usage:
//   tsx bench/workforce-import.ts [EMPLOYEES=10000] [MONTH=2026-01] > /tmp/month.json
//   time wfctl import /tmp/month.json --json > /dev/null
const employees = Number(process.argv[2] ?? 10000);
const month = process.argv[3] ?? '2026-01';
const [y, m] = month.split('-').map(Number);
const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
const units = ['BLR', 'MUM', 'DEL', 'HYD', 'CHN'];

const doc = {
  organizations: [{ code: 'BENCH', name: 'Bench Ltd', timezone: 'Asia/Kolkata' }],
  units: units.map((code) => ({ organization: 'BENCH', code, name: `Unit ${code}` })),
  employees: Array.from({ length: employees }, (_, i) => ({
    employee_id: `B${String(i + 1).padStart(6, '0')}`,
    organization: 'BENCH',
    unit: units[i % units.length],
    name: `Employee ${i + 1}`,
    starts_on: '2025-01-01',
  })),
  attendance: [] as unknown[],
};
for (let i = 0; i < employees; i++) {
  for (let d = 1; d <= days; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const off = weekday === 0 || weekday === 6;
    doc.attendance.push(
      off
        ? { employee_id: doc.employees[i].employee_id, date, status: 'weekly_off' }
        : {
            employee_id: doc.employees[i].employee_id,
            date,
            status: 'present',
            check_in: '03:30:00Z',
            check_out: '12:30:00Z',
            worked_minutes: 540,
            flags: [],
          },
    );
  }
}
process.stdout.write(JSON.stringify(doc));
