// JSON Schema of the daily attendance record (contract table), for the OpenAPI document.
export const dailyRecordSchema = {
  type: 'object',
  required: [
    'employee_id',
    'organization_code',
    'unit_code',
    'date',
    'status',
    'check_in',
    'check_out',
    'worked_minutes',
    'flags',
  ],
  additionalProperties: false,
  properties: {
    employee_id: { type: 'string', example: 'E042' },
    organization_code: { type: 'string', example: 'ACME' },
    unit_code: { type: 'string', example: 'BLR' },
    date: { type: 'string', format: 'date', example: '2026-01-05' },
    status: {
      type: 'string',
      example: 'present',
      description: 'present, absent, half_day, on_leave, holiday or weekly_off',
    },
    check_in: { type: 'string', nullable: true, example: '09:02:11Z', description: 'time of day HH:MM:SSZ' },
    check_out: { type: 'string', nullable: true, example: '17:45:00Z', description: 'time of day HH:MM:SSZ' },
    worked_minutes: { type: 'integer', example: 523 },
    flags: { type: 'array', items: { type: 'string' }, example: ['LATE_CHECK_IN'] },
  },
} as const;
