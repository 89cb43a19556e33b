// GET /system/health: the contract's fields (service, status, env, clients).
import { Enum, List, Obj, Str } from '../../core/shape.js';

export const Health = Obj({
  service: Str({ example: 'clinic' }),
  status: Enum(['ok', 'degraded'] as const),
  env: Str({ example: 'production' }),
  clients: List(Str(), {
    description: 'the client applications this service serves (e.g. clinic-web, owner-app)',
  }),
});
