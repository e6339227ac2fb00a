import { isIP } from 'node:net';

/**
 * TRUST_PROXY as Fastify's `trustProxy`: off (the client address is the socket's), a hop count
 * (`1` behind one proxy), or the proxies' addresses / CIDR ranges, comma-separated. `true`
 * (trust anyone's X-Forwarded-For) is not offered: it voids every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'off' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    // The nearest `hops` addresses are proxies (as Fastify's number form; its types lack it).
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || !list.every(isProxyAddress)) throw new Error(`TRUST_PROXY: ${value}`);
  return list;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length || !ip || !isIP(ip)) return false;
  if (bits === undefined) return true;
  const max = isIP(ip) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** A zod check for the setting, so a typo stops the start with a German message. */
export function validTrustProxy(value: string): boolean {
  try {
    parseTrustProxy(value);
    return true;
  } catch {
    return false;
  }
}
