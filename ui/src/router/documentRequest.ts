// documentRequest is the GET of a document as react-router's static
// handler reads it (createStaticHandler's query()), for V8, which has no
// fetch API and so no Request. On a GET, query() reads the method, the url
// (parsed into each loader's `url` argument) and the signal: it requires
// one, asks whether it aborted and listens to it while a loader runs. It
// reads the headers only to pass them on after an action, and V8 never
// posts (Go runs the actions), so there are none. The signal never aborts:
// nothing in V8 cancels a render (Go's watchdog terminates the isolate
// instead). static.test.tsx holds query() to this: the same context as
// with a real Request, so an upgrade that reads more fails there.
const neverAborted = {
  aborted: false,
  reason: undefined,
  onabort: null,
  throwIfAborted() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
} satisfies AbortSignal;

// ORIGIN only makes the url absolute, as a Request's is: the static
// handler locates the page from the path it is given (static.ts).
export const ORIGIN = 'http://localhost';

export function documentRequest(path: string): Request {
  return { method: 'GET', url: ORIGIN + path, signal: neverAborted } as Pick<Request, 'method' | 'url' | 'signal'> as Request;
}
