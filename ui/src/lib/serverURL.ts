// The server bundle's URL. V8 has none, and core-js's takes about 30 µs to
// parse one, in V8 as in Node; react-router's static navigator parses one
// for every matched route's path (four a booking page, an eighth of its
// render). A path made only of characters a URL keeps as they are, against
// an http(s) base, needs no parser: its pathname is the path itself, its
// search and hash are empty. ServerURL answers those three so, and hands
// every other question, every setter and every other input to core-js's
// URL, parsed once when first needed.

const plainPath = /^\/(?!\/)[A-Za-z0-9\-_~/]*$/;
const httpBase = /^https?:\/\//i;

type Parsed = URL;
type ParsedClass = typeof URL;

export function serverURL(Parsed: ParsedClass): ParsedClass {
  const bases = new Map<string, boolean>(); // base → parses as an http(s) URL

  function isHttpBase(base: string): boolean {
    let ok = bases.get(base);
    if (ok === undefined) {
      ok = httpBase.test(base) && canParse(Parsed, base);
      if (bases.size < 100) bases.set(base, ok);
    }
    return ok;
  }

  interface State {
    path: string;
    base: string;
    url: Parsed | null;
  }
  const states = new WeakMap<object, State>();
  const parsed = (self: object): Parsed => {
    const s = states.get(self)!;
    return (s.url ??= new Parsed(s.path, s.base));
  };

  class ServerURL {
    constructor(input: string | URL, base?: string | URL) {
      const path = String(input);
      const b = base === undefined ? undefined : String(base);
      if (b !== undefined && plainPath.test(path) && isHttpBase(b)) states.set(this, { path, base: b, url: null });
      else states.set(this, { path, base: b ?? '', url: new Parsed(path, b) });
    }
    get pathname(): string {
      const s = states.get(this)!;
      return s.url ? s.url.pathname : s.path;
    }
    set pathname(v: string) {
      parsed(this).pathname = v;
    }
    get search(): string {
      const s = states.get(this)!;
      return s.url ? s.url.search : '';
    }
    set search(v: string) {
      parsed(this).search = v;
    }
    get hash(): string {
      const s = states.get(this)!;
      return s.url ? s.url.hash : '';
    }
    set hash(v: string) {
      parsed(this).hash = v;
    }
    toString(): string {
      return parsed(this).href;
    }
    toJSON(): string {
      return parsed(this).href;
    }
  }

  // Every other accessor of a URL, read and written through the parsed
  // one, and its static functions (the class may extend another: walk up).
  for (let proto = Parsed.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name)!;
      if (!d.get || Object.prototype.hasOwnProperty.call(ServerURL.prototype, name)) continue;
      Object.defineProperty(ServerURL.prototype, name, {
        configurable: true,
        enumerable: d.enumerable,
        get() {
          return Reflect.get(parsed(this), name);
        },
        set: d.set
          ? function (this: object, v: unknown) {
              Reflect.set(parsed(this), name, v);
            }
          : undefined,
      });
    }
  }
  for (let cls: object = Parsed; cls && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    for (const name of Object.getOwnPropertyNames(cls)) {
      if (!Object.prototype.hasOwnProperty.call(ServerURL, name)) Object.defineProperty(ServerURL, name, Object.getOwnPropertyDescriptor(cls, name)!);
    }
  }
  return ServerURL as unknown as ParsedClass;
}

function canParse(Parsed: ParsedClass, url: string): boolean {
  try {
    new Parsed(url);
    return true;
  } catch {
    return false;
  }
}
