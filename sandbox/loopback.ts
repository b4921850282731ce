/**
 * Whether a URL stays on this machine: its host is `localhost`, an IPv4 address in 127.0.0.0/8 or
 * the IPv6 loopback `::1`. Host names are never resolved: a name that resolves to a loopback
 * address today may resolve elsewhere tomorrow, so only the literal forms count.
 */
import {isIPv4} from 'node:net';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  const v4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** Null for an http(s) URL on the loopback; otherwise why it is refused. */
export function loopbackRefusal(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not an absolute URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${url} is not an http(s) URL`;
  if (isLoopbackHost(parsed.hostname)) return null;
  return `${parsed.host} is not on this machine's loopback (localhost, 127.0.0.0/8, ::1)`;
}
