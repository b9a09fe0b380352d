import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, proof } from './proof';

describe('proof', () => {
  it('counts the zero bits a digest begins with', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x01]))).toBe(23);
  });

  it('finds a number whose SHA-256 with the key begins with the bits asked, as the server checks it', async () => {
    const key = 'k1.abc.123';
    const n = await proof(key, 12);
    expect(n).not.toBeNull();
    const sum = createHash('sha256').update(`${key}:${n}`).digest();
    expect(leadingZeroBits(new Uint8Array(sum))).toBeGreaterThanOrEqual(12);
    expect(Number(n)).toBeGreaterThanOrEqual(0);
  });
});
