import { isIPv4, isIPv6 } from 'node:net';

/**
 * The group a client address's stream limits count in: an IPv4 address by itself, an IPv6 address
 * by its /64 (one subscriber's network: a host picks any of its 2⁶⁴ addresses at will), an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack listener reports for an IPv4
 * peer) as the IPv4 address. Anything else is its own group.
 *
 * @example addressGroup('2001:db8::1') === '2001:db8:0:0::/64'
 */
export function addressGroup(address: string): string {
  const ip = address.split('%')[0] ?? address; // a zone index (fe80::1%eth0) names no other network
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return address;
  const words = ipv6Words(ip);
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    const [high, low] = [words[6]!, words[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${words
    .slice(0, 4)
    .map((word) => word.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit words of a valid IPv6 address (compressed, or ending in dotted IPv4). */
function ipv6Words(ip: string): number[] {
  let text = ip.toLowerCase();
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, text.length - tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const words =
    rest === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return words.map((word) => parseInt(word, 16));
}
