import { createHash } from 'node:crypto';
import type { UsdtChain } from '@kaixiang/shared/payments';

/**
 * Address formats. A TRON address is base58check of 0x41 + 20 bytes ('T…', 34 characters); an
 * Ethereum one is 0x + 40 hex digits. The sandbox makes well-formed fakes from a seed so a dev
 * database gets the same pool every time; a live pool comes from the operator's list, checked here.
 */
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

export function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function unbase58(text: string): Buffer | null {
  let n = 0n;
  for (const c of text) {
    const i = B58.indexOf(c);
    if (i < 0) return null;
    n = n * 58n + BigInt(i);
  }
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

export function tronAddress(body20: Buffer): string {
  const payload = Buffer.concat([Buffer.from([0x41]), body20]);
  return base58(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));
}

export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const raw = unbase58(text);
  if (raw?.length !== 25 || raw[0] !== 0x41) return false;
  return sha256(sha256(raw.subarray(0, 21)))
    .subarray(0, 4)
    .equals(raw.subarray(21));
}

export const isEthAddress = (text: string) => /^0x[0-9a-fA-F]{40}$/.test(text);

export function isAddressOf(chain: UsdtChain, text: string): boolean {
  return chain === 'trc20' ? isTronAddress(text) : isEthAddress(text);
}

/** The n-th sandbox address of a chain: derived from a hash, so every dev database has the same. */
export function sandboxAddress(chain: UsdtChain, n: number): string {
  const body = sha256(Buffer.from(`kaixiang-sandbox-${chain}-${n}`)).subarray(0, 20);
  return chain === 'trc20' ? tronAddress(body) : `0x${body.toString('hex')}`;
}

/**
 * The operator's list: one `chain,address` a line (`trc20,T…` / `erc20,0x…`); blank lines and
 * lines starting with # are skipped. Returns the entries and every bad line, so a start with a
 * broken list stops with all of its problems.
 */
export function parseAddressList(text: string): {
  entries: { chain: UsdtChain; address: string }[];
  problems: string[];
} {
  const entries: { chain: UsdtChain; address: string }[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const l = line.trim();
    if (!l || l.startsWith('#')) return;
    const [chain, address, ...rest] = l.split(',').map((s) => s.trim());
    if ((chain !== 'trc20' && chain !== 'erc20') || !address || rest.length > 0 || !isAddressOf(chain, address)) {
      problems.push(`line ${i + 1}: expected "trc20,T…" or "erc20,0x…", got "${l}"`);
      return;
    }
    entries.push({ chain, address: chain === 'erc20' ? address.toLowerCase() : address });
  });
  return { entries, problems };
}
