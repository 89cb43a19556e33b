// The payment gateway's HTTP API, Razorpay style: POST {GATEWAY_API_URL}/orders with basic auth
// keyId:keySecret. Anything but a 2xx with an order id is a 502 to our caller, never a half-made order.
import { AppError } from '../../core/errors.js';
import type { Config } from '../../config.js';

export type GatewayConfig = Config['clinic']['gateway'];

export class GatewayNotConfiguredError extends AppError {
  constructor() {
    super(503, 'The payment gateway is not configured.', { code: 'GATEWAY_NOT_CONFIGURED' });
  }
}

/** The order and verify endpoints need the key pair; the webhook needs its own secret. */
export function requireGatewayKeys(gateway: GatewayConfig): void {
  if (!gateway.keyId || !gateway.keySecret) throw new GatewayNotConfiguredError();
}

export interface GatewayOrderRequest {
  amount: number; // minor units
  currency: string;
  receipt: string;
}

export async function createOrderAtGateway(
  gateway: GatewayConfig,
  order: GatewayOrderRequest,
): Promise<string> {
  // got is loaded on the first gateway call: the daemon's start and the CLI never pay for it.
  const { default: got } = await import('got');
  let res;
  try {
    res = await got.post(`${gateway.apiUrl}/orders`, {
      json: order,
      username: gateway.keyId,
      password: gateway.keySecret,
      responseType: 'json',
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: 15_000 },
    });
  } catch (err) {
    throw gatewayError(`the gateway could not be reached (${(err as { code?: string }).code ?? 'error'})`);
  }
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (res.statusCode < 200 || res.statusCode >= 300 || typeof id !== 'string' || id === '') {
    throw gatewayError(`the gateway answered ${res.statusCode}`);
  }
  return id;
}

function gatewayError(why: string): AppError {
  return new AppError(502, `The payment gateway refused the order: ${why}.`, { code: 'GATEWAY_ERROR' });
}
