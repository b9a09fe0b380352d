// The server bundle's URL. V8 has none, and core-js's takes about 30 µs to
// parse one, in V8 as in Node; react-router's static navigator parses one
// for every matched route's path (four a booking page, an eighth of its
// render), and its static handler one for the page's loader, whose path,
// query and fragment it then sets (createDataFunctionUrl). A path made only
// of characters a URL keeps as they are, against an http(s) base or after
// an http(s) origin, needs no parser: its pathname is the path itself, its
// search and hash are empty. ServerURL answers those three so, and keeps
// them so when set to such a path, to a query a URL keeps as it is, or to
// no fragment; it hands every other question, every other setter and every
// other input to core-js's URL, parsed once when first needed.

const plainPath = /^\/(?!\/)[A-Za-z0-9\-_~/]*$/;
// A query of characters the URL parser neither escapes nor reads (what
// URLSearchParams writes is of them).
const plainSearch = /^\?[A-Za-z0-9\-._~!$&()*+,;=:@/?%]+$/;
const httpBase = /^https?:\/\//i;
const httpOrigin = /^https?:\/\/[A-Za-z0-9\-.]+(?::\d+)?(?=\/)/i;

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

  // Unparsed, a URL is its plain path and query against its base.
  interface State {
    path: string;
    search: string;
    base: string;
    url: Parsed | null;
  }
  const states = new WeakMap<object, State>();
  const parsed = (self: object): Parsed => {
    const s = states.get(self)!;
    return (s.url ??= new Parsed(s.path + s.search, s.base));
  };
  const unparsed = (self: object): State | null => {
    const s = states.get(self)!;
    return s.url ? null : s;
  };

  class ServerURL {
    constructor(input: string | URL, base?: string | URL) {
      const path = String(input);
      const b = base === undefined ? undefined : String(base);
      const origin = b === undefined ? httpOrigin.exec(path)?.[0] : undefined;
      if (b !== undefined && plainPath.test(path) && isHttpBase(b)) states.set(this, { path, search: '', base: b, url: null });
      else if (origin && plainPath.test(path.slice(origin.length)) && isHttpBase(origin)) states.set(this, { path: path.slice(origin.length), search: '', base: origin, url: null });
      else states.set(this, { path, search: '', base: b ?? '', url: new Parsed(path, b) });
    }
    get pathname(): string {
      const s = states.get(this)!;
      return s.url ? s.url.pathname : s.path;
    }
    set pathname(v: string) {
      const s = unparsed(this);
      if (s && plainPath.test(v)) s.path = v;
      else parsed(this).pathname = v;
    }
    get search(): string {
      const s = states.get(this)!;
      return s.url ? s.url.search : s.search;
    }
    set search(v: string) {
      const s = unparsed(this);
      if (s && (v === '' || plainSearch.test(v))) s.search = v;
      else parsed(this).search = v;
    }
    get hash(): string {
      const s = states.get(this)!;
      return s.url ? s.url.hash : '';
    }
    set hash(v: string) {
      if (!unparsed(this) || v !== '') parsed(this).hash = v;
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
