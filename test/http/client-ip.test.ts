// clientIp: the TCP peer unless proxies are declared; then the entry that many hops from the right.
import test from 'ava';
import type { IncomingMessage } from 'node:http';
import { clientIp } from '../../src/http/client-ip.js';

const req = (forwardedFor?: string | string[]) =>
  ({
    socket: { remoteAddress: '10.0.0.2' },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

test('no trusted proxy: the peer, whatever the header says', (t) => {
  t.is(clientIp(req('203.0.113.9'), 0), '10.0.0.2');
  t.is(clientIp(req(), 0), '10.0.0.2');
});

test('trusted hops count from the right of X-Forwarded-For', (t) => {
  t.is(clientIp(req('spoofed, 203.0.113.9'), 1), '203.0.113.9');
  t.is(clientIp(req('spoofed, 203.0.113.9, 10.0.0.1'), 2), '203.0.113.9');
  t.is(clientIp(req(['spoofed', '203.0.113.9']), 1), '203.0.113.9', 'repeated headers join in order');
});

test('fewer entries than hops: the request skipped a proxy, so the peer; no header: the peer', (t) => {
  t.is(clientIp(req('203.0.113.9'), 3), '10.0.0.2');
  t.is(clientIp(req('203.0.113.9, 10.0.0.1'), 2), '203.0.113.9');
  t.is(clientIp(req(), 1), '10.0.0.2');
  t.is(clientIp(req(' , '), 1), '10.0.0.2');
});
