/**
 * What counts as this machine's loopback for the MCP server and the sandbox: exactly an IP literal
 * in 127.0.0.0/8, the IPv6 loopback [::1], or the name `localhost`. A name that merely starts or
 * ends like one (and may resolve anywhere) is not.
 */
import {expect, test} from 'vitest';
import {isLoopbackHost, loopbackRefusal} from '../../sandbox/loopback';

test('loopback: IPv4 literals in 127.0.0.0/8, [::1] and localhost exactly', () => {
  for (const url of [
    'http://127.0.0.1:4010/hook',
    'http://127.255.10.3/hook',
    'http://[::1]:8080/hook',
    'http://localhost:3000/hook',
    'https://LOCALHOST/hook',
  ])
    expect(loopbackRefusal(url), url).toBeNull();
  for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])
    expect(isLoopbackHost(host), host).toBe(true);
});

test('not loopback: names that look like it, other addresses, other schemes', () => {
  for (const host of [
    '127.attacker.example',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'evil-localhost',
    '128.0.0.1',
    '10.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
  ])
    expect(isLoopbackHost(host), host).toBe(false);
  for (const host of ['127.attacker.example', 'localhost.evil.example', '127.0.0.1.nip.io'])
    expect(loopbackRefusal(`https://${host}/hook`)).toBe(
      `${host} is not on this machine's loopback (localhost, 127.0.0.0/8, ::1)`,
    );
  expect(loopbackRefusal('ftp://127.0.0.1/hook')).toBe('ftp://127.0.0.1/hook is not an http(s) URL');
  expect(loopbackRefusal('/hook')).toBe('/hook is not an absolute URL');
});
