import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-groups.ts';

describe('addressGroup', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::FFFF:198.51.100.1')).toBe('198.51.100.1');
  });

  it('counts every address of an IPv6 /64 as one client', () => {
    const group = addressGroup('2001:db8:1:2::1');
    expect(group).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:192.0.2.1',
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(addressGroup(undefined)).toBe('');
    expect(addressGroup('')).toBe('');
    expect(addressGroup('not-an-address')).toBe('not-an-address');
  });
});
