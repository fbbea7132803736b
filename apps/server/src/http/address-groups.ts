import net from 'node:net';

// Connections are counted per client, and a client is not always one address: an IPv6 user
// usually holds a whole /64 (2⁶⁴ addresses, as many as they like to connect from), so IPv6
// addresses are grouped by their first 64 bits. An IPv4 client reached through a dual-stack
// socket arrives as an IPv4-mapped IPv6 address (::ffff:192.0.2.1): it is the IPv4 address.

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, as numbers; undefined if it is none. */
function ipv6Groups(address: string): number[] | undefined {
  const withoutZone = address.split('%')[0]!;
  if (!net.isIPv6(withoutZone)) return undefined;
  let text = withoutZone.toLowerCase();
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) is the last two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, tail.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.length === 8 ? groups : undefined;
}

/**
 * The client a connection is counted against: an IPv4 address as it is (also when it arrives
 * IPv4-mapped), an IPv6 address by its /64 ("2001:db8:1:2::/64"). Anything else as it is.
 */
export function addressGroup(address: string | undefined): string {
  if (!address) return '';
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}
