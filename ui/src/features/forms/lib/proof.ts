// proof is the work a form sent sooner than a person usually fills it
// shows (forms.ProofValid in Go): the number n for which SHA-256("key:n")
// begins with `bits` zero bits. The browser makes it while the form is
// sent, in a fraction of a second, so autofill is not refused. Without Web
// Crypto (a page not served over https) there is none, and the server asks
// the visitor to send again, with everything they typed kept.
export async function proof(key: string, bits: number): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const encoder = new TextEncoder();
  for (let n = 0; n < 1 << 22; n++) {
    const sum = new Uint8Array(await subtle.digest('SHA-256', encoder.encode(`${key}:${n}`)));
    if (leadingZeroBits(sum) >= bits) return String(n);
  }
  return null;
}

// leadingZeroBits counts the zero bits a digest begins with.
export function leadingZeroBits(sum: Uint8Array): number {
  let zeros = 0;
  for (const b of sum) {
    if (b !== 0) return zeros + Math.clz32(b) - 24;
    zeros += 8;
  }
  return zeros;
}
