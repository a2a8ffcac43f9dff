/** Which addresses share an event stream limit: IPv4 each, IPv6 by /64, IPv4-mapped as IPv4. */
import { expect, test } from 'vitest';
import { addressGroup } from '../src/events/address-group.js';

test('an IPv4 address is its own group', () => {
  expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
  expect(addressGroup('192.0.2.2')).not.toBe(addressGroup('192.0.2.1'));
});

test('an IPv4-mapped IPv6 address counts as the IPv4 address', () => {
  expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
  expect(addressGroup('::FFFF:c000:201')).toBe('192.0.2.1');
  expect(addressGroup('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
});

test('IPv6 addresses group by their /64, however they are written', () => {
  const group = '2001:db8:0:0::/64';
  for (const address of [
    '2001:db8::1',
    '2001:db8::ffff:ffff:ffff:ffff',
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    '2001:DB8::abcd:1',
    '2001:db8:0:0:1::',
    '2001:db8::192.0.2.1',
    '2001:db8::1%eth0',
  ])
    expect(addressGroup(address), address).toBe(group);
  expect(addressGroup('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
  expect(addressGroup('2001:db8:1::1')).toBe('2001:db8:1:0::/64');
  expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(addressGroup('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
});

test('what is not an address is its own group', () => {
  expect(addressGroup('')).toBe('');
  expect(addressGroup('unknown')).toBe('unknown');
});
