import { createClient } from '../../lib/http';

// The browser's half of the WebAuthn ceremonies (web/dashboard_passkeys.go):
// Go's options carry binary fields as base64url, which the browser takes
// as ArrayBuffers, and its answer goes back the same way. A failure is
// the server's message in the page's language, or null when the person
// cancelled (nothing to say).

const request = createClient('');

type Json = Record<string, unknown>;

const bytes = (s: string): ArrayBuffer => {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
};

const text = (buf: ArrayBuffer | null | undefined): string | undefined =>
  buf ? btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : undefined;

const withIds = (list: unknown) => ((list as Json[] | undefined) ?? []).map((c) => ({ ...c, id: bytes(c.id as string) }));

// passkeysWork tells whether this browser can use a passkey here: it has
// WebAuthn, and the site is on a domain name (a passkey is never an IP
// address's).
export const passkeysWork = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !/^[\d.]+$|:/.test(window.location.hostname);

export type Outcome = { ok: true; redirect?: string } | { ok: false; message: string | null; status?: number };

async function post(path: string, body: unknown, signal?: AbortSignal) {
  return request<Json & { error?: { message: string } }>(path, {
    retries: 0,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}), signal },
  });
}

// failed is a failure's outcome: the person cancelling (NotAllowedError,
// AbortError) says nothing; anything else says the generic message.
function failed(err: unknown, message: string): Outcome {
  const name = (err as { name?: string })?.name;
  return { ok: false, message: name === 'NotAllowedError' || name === 'AbortError' ? null : message };
}

// addPasskey makes a passkey for the signed-in person and keeps it.
export async function addPasskey(generic: string): Promise<Outcome> {
  const begin = await post('/api/dashboard/passkeys', {});
  if (begin.status !== 200) return { ok: false, message: begin.body.error?.message ?? generic, status: begin.status };
  const o = begin.body.publicKey as Json;
  const user = o.user as Json;
  let cred: PublicKeyCredential;
  try {
    cred = (await navigator.credentials.create({
      publicKey: { ...(o as object), challenge: bytes(o.challenge as string), user: { ...user, id: bytes(user.id as string) }, excludeCredentials: withIds(o.excludeCredentials) } as PublicKeyCredentialCreationOptions,
    })) as PublicKeyCredential;
  } catch (err) {
    return failed(err, generic);
  }
  const r = cred.response as AuthenticatorAttestationResponse;
  const finish = await post('/api/dashboard/passkeys/finish', {
    id: cred.id, rawId: text(cred.rawId), type: cred.type, authenticatorAttachment: cred.authenticatorAttachment,
    clientExtensionResults: cred.getClientExtensionResults(),
    response: { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject), transports: r.getTransports?.() ?? [] },
  });
  return finish.status === 201 ? { ok: true } : { ok: false, message: finish.body.error?.message ?? generic, status: finish.status };
}

// signInWithPasskey signs in with a passkey the browser holds for this
// site: offered in the address field's suggestions (conditional), or
// asked for at once (a button).
export async function signInWithPasskey(generic: string, conditional: boolean, signal?: AbortSignal): Promise<Outcome> {
  const begin = await post('/api/dashboard/passkey-sign-in', {}, signal);
  if (begin.status !== 200) return { ok: false, message: begin.body.error?.message ?? generic, status: begin.status };
  const o = begin.body.publicKey as Json;
  let cred: PublicKeyCredential;
  try {
    cred = (await navigator.credentials.get({
      mediation: conditional ? 'conditional' : 'optional',
      signal,
      publicKey: { ...(o as object), challenge: bytes(o.challenge as string), allowCredentials: withIds(o.allowCredentials) } as PublicKeyCredentialRequestOptions,
    })) as PublicKeyCredential;
  } catch (err) {
    return failed(err, generic);
  }
  const r = cred.response as AuthenticatorAssertionResponse;
  const finish = await post('/api/dashboard/passkey-sign-in/finish', {
    id: cred.id, rawId: text(cred.rawId), type: cred.type, authenticatorAttachment: cred.authenticatorAttachment,
    clientExtensionResults: cred.getClientExtensionResults(),
    response: { clientDataJSON: text(r.clientDataJSON), authenticatorData: text(r.authenticatorData), signature: text(r.signature), userHandle: text(r.userHandle) },
  });
  if (finish.status !== 200) return { ok: false, message: finish.body.error?.message ?? generic, status: finish.status };
  return { ok: true, redirect: finish.body.redirect as string };
}
