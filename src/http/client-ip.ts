// The client's address, for per-IP rate limits and logs. Behind reverse proxies every request's TCP
// peer is the proxy, so all clients would share one login allowance; TRUST_PROXY_HOPS says how many
// proxies of ours stand in front. Each appends the address it saw to X-Forwarded-For, so the client
// is the entry that many places from the right. Entries further left were written by the client
// itself and are never believed. With 0 (the default) the header is ignored altogether. The daemon
// must then be reachable only through those proxies.
import type { IncomingMessage } from 'node:http';

export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Nearest first: the peer, then what each proxy saw, right to left.
  const chain = [peer, ...forwarded.reverse()];
  // Fewer entries than declared proxies: the request did not come through all of them (it reached
  // an inner proxy, or the daemon, directly), so no entry can be trusted to be the client's.
  return chain.length > trustedHops ? chain[trustedHops]! : peer;
}
