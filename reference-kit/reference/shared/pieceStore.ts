/**
 * A spec's pieces in the browser (../../lib/specPieces.js): each parsed once, when first asked for,
 * and what a piece refers to found in its text, so that a section of the reference parses only the
 * operation it shows and the components that operation reaches.
 */
import type {SpecPieces} from '../../lib/specPieces';

type Json = Record<string, unknown>;
/** Where a piece's text is: its bundle and its index in it. */
type Place = [number, number];

/**
 * A component's name from the last token of a reference to it: percent-decoded, then JSON pointer
 * escapes undone, as Redoc's parser reads it.
 */
function componentName(token: string): string {
  let name = token;
  try {
    name = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: the name as written.
  }
  return name.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The components a piece's text names, as `<type>/<name>`. */
function namedComponents(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/#\/components\/([A-Za-z]+)\/([^"\\/\s#]+)/g)) found.add(`${match[1]}/${componentName(match[2] ?? '')}`);
  return Array.from(found);
}

/**
 * A large spec's bundles of pieces from text files, each the texts of a few bundles one after the
 * other after a first line of its own (../../lib/specDataPlugin.js), given with the lengths of their
 * pieces. A file is fetched when a section first needs a bundle in it (`fetching`), so that a page
 * reads the text of the sections its reader reaches, not the whole spec's. Anything that reads a
 * bundle before its file is in (a reader's component reading `spec`) gets the file by a synchronous
 * request, slow but right.
 */
export function fetchedBuckets(files: [url: string, lengths: number[][]][]): Pick<SpecPieces, 'buckets' | 'fetching' | 'fetchingAll'> {
  const texts: string[][] = [];
  const requests: (Promise<void> | undefined)[] = [];
  const fileOf = files.flatMap(([, lengths], file) => lengths.map(() => file));
  const cut = (file: number, text: string) => {
    texts[file] ??= bundlesInFile(text, files[file]![1]);
  };
  const fetchFile = (file: number): Promise<void> | undefined => {
    if (texts[file]) return undefined;
    if (!requests[file]) {
      const [url] = files[file]!;
      const request = (async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`The spec's pieces could not be loaded from ${url}: HTTP ${response.status}.`);
        cut(file, await response.text());
      })();
      requests[file] = request;
      // A failed request is made again by the next section that needs the file.
      request.catch(() => {
        if (requests[file] === request) requests[file] = undefined;
      });
    }
    return requests[file];
  };
  const buckets = files.flatMap(([url, lengths], file) =>
    lengths.map((pieces, inFile) => () => {
      if (!texts[file]) cut(file, fetchNow(url));
      return piecesOf(texts[file]![inFile]!, pieces);
    }),
  );
  return {
    buckets,
    fetching: (bucket) => fetchFile(fileOf[bucket]!),
    fetchingAll: () => Promise.all(files.map((_, file) => fetchFile(file))).then(() => undefined),
  };
}

/**
 * The bundles' texts in a text file of pieces, after its first line (which keeps the file from
 * running as a script, ../../lib/specDataPlugin.js): `lengths` are each bundle's pieces' lengths.
 */
export function bundlesInFile(text: string, lengths: number[][]): string[] {
  let start = text.indexOf('\n') + 1;
  return lengths.map((pieces) => text.slice(start, (start += pieces.reduce((sum, length) => sum + length, 0))));
}

/** A bundle's pieces, cut from its text by their lengths. */
export function piecesOf(text: string, lengths: number[]): string[] {
  let start = 0;
  return lengths.map((length) => text.slice(start, (start += length)));
}

function fetchNow(url: string): string {
  const request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.send();
  if (request.status !== 200) throw new Error(`The spec's pieces could not be loaded from ${url}: HTTP ${request.status}.`);
  return request.responseText;
}

/** `load`'s module, once the whole spec can be read without waiting for the network. */
export async function afterAllPieces<M>(pieces: PieceStore | undefined, load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), pieces?.allFetched()]);
  return module;
}

/** What a piece's text throws while its file is on its way (`PieceStore.whenFetched`). */
const NOT_IN_YET = new Error('reference-kit: a piece of the spec was read before its file was fetched');

export class PieceStore {
  private readonly parsed = new Map<string, unknown>();
  private readonly named = new Map<string, string[]>();
  private readonly bundles = new Map<number, string[]>();
  private index?: {operations: Map<string, Place>; components: Map<string, Place>; order: Map<string, number>};
  private baseSpec?: Json;
  private wholeSpec?: Json;
  /** While `whenFetched` reads: the fetches of the files it found missing. */
  private missing?: Set<Promise<void>>;

  constructor(private readonly pieces: SpecPieces) {}

  /** Settles when every piece can be read without waiting for the network (at once, unless fetched). */
  allFetched(): Promise<void> {
    return this.pieces.fetchingAll?.() ?? Promise.resolve();
  }

  /**
   * What `read` returns, once it can read every piece it reads without waiting: each run fetches the
   * files of the pieces it found missing, and `read` runs again until it finds none (what it reads
   * next may be in a file it could not see before). At once when nothing it read was missing.
   */
  whenFetched<T>(read: () => T): T | Promise<T> {
    if (!this.pieces.fetching) return read();
    const missing = new Set<Promise<void>>();
    this.missing = missing;
    let value: T | undefined;
    try {
      value = read();
    } catch (error) {
      if (error !== NOT_IN_YET) throw error;
    } finally {
      this.missing = undefined;
    }
    if (missing.size === 0) return value as T;
    return Promise.all(missing).then(() => this.whenFetched(read));
  }

  /** The spec without operations and components' entries. Shared: copy what you change. */
  base(): Json {
    return (this.baseSpec ??= JSON.parse(this.pieces.base) as Json);
  }

  /** The JSON text of the spec without operations and components' entries. */
  baseText(): string {
    return this.pieces.base;
  }

  /**
   * The whole spec, built once from the pieces (those parsed before are reused). A page of a spec
   * rendered as pages holds the components its base and operations reach, not all of the spec's.
   */
  whole(): Json {
    if (!this.wholeSpec) {
      const spec = JSON.parse(this.pieces.base) as Record<string, Record<string, Json>>;
      for (const [container, path, method, bucket, index] of this.pieces.operations) {
        const value = this.parse(`${container} ${path} ${method}`, [bucket, index]);
        // The path item's own fields: a copy, which its operations are added to.
        if (method === '') spec[container]![path] = value !== null && typeof value === 'object' ? {...(value as Json)} : (value as Json);
        else spec[container]![path]![method] = value;
      }
      const kept = this.pieces.page ? new Set(this.reachedByPage(spec)) : undefined;
      for (const [type, name, bucket, index] of this.pieces.components) {
        if (kept && !kept.has(`${type}/${name}`)) continue;
        spec.components![type]![name] = this.parse(`${type}/${name}`, [bucket, index]) as Json;
      }
      this.wholeSpec = spec;
    }
    return this.wholeSpec;
  }

  /**
   * Forgets every piece it parsed and every bundle it read: the server's render of a page calls it
   * when done, so that a build of many pages does not keep each page's spec.
   */
  release(): void {
    this.parsed.clear();
    this.named.clear();
    this.bundles.clear();
    this.wholeSpec = undefined;
    this.baseSpec = undefined;
    this.index = undefined;
  }

  /** The components a page's base and operations name, and the schemas its tags list (`x-tags`). */
  private reachedByPage(spec: Record<string, unknown>): string[] {
    const tags = Array.isArray(spec.tags) ? (spec.tags as {name?: unknown}[]) : [];
    const texts = [this.pieces.base, ...this.pieces.operations.map(([, , , bucket, index]) => this.text([bucket, index]))];
    return this.reached(texts, tags.flatMap((tag) => (typeof tag?.name === 'string' ? this.tagged(tag.name) : [])));
  }

  /** A path item's fields other than its operations (the whole item when it is a `$ref`). */
  pathItem(container: string, path: string): Json | undefined {
    return this.operationPiece(container, path, '') as Json | undefined;
  }

  /** An operation, as the spec has it. */
  operation(container: string, path: string, method: string): Json | undefined {
    return this.operationPiece(container, path, method) as Json | undefined;
  }

  /** The texts of a path item's own fields and of one of its operations (what they refer to is in them). */
  operationTexts(container: string, path: string, method: string): string[] {
    const {operations} = this.indexed();
    return [operations.get(`${container} ${path} `), operations.get(`${container} ${path} ${method}`)]
      .filter((place): place is Place => place !== undefined)
      .map((place) => this.text(place));
  }

  /** The component `<type>/<name>`, parsed; undefined when the spec has none by that name. */
  component(key: string): unknown {
    const place = this.indexed().components.get(key);
    return place === undefined ? undefined : this.parse(key, place);
  }

  hasComponent(key: string): boolean {
    return this.indexed().components.has(key);
  }

  /**
   * The components that `texts` name, and those these name in turn, with the schemas Redoc looks up
   * beside them (`extra`, and the subtypes of a discriminator's family), in the spec's order.
   */
  reached(texts: string[], extra: string[] = []): string[] {
    const {components, order} = this.indexed();
    const found = new Set<string>();
    const queue = [...texts.flatMap((text) => namedComponents(text)), ...extra];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (found.has(key) || !components.has(key)) continue;
      found.add(key);
      queue.push(...this.namedBy(key), ...(this.pieces.derived[key] ?? []));
    }
    return Array.from(found).sort((a, b) => order.get(a)! - order.get(b)!);
  }

  /** The schemas that list `tag` in `x-tags`. */
  tagged(tag: string): string[] {
    return this.pieces.tagged[tag] ?? [];
  }

  private namedBy(key: string): string[] {
    let names = this.named.get(key);
    if (!names) {
      const place = this.indexed().components.get(key);
      try {
        names = place === undefined ? [] : namedComponents(this.text(place));
      } catch (error) {
        // Its file is on its way (`whenFetched`): the walk goes on with what is in.
        if (error === NOT_IN_YET) return [];
        throw error;
      }
      this.named.set(key, names);
    }
    return names;
  }

  private operationPiece(container: string, path: string, method: string): unknown {
    const key = `${container} ${path} ${method}`;
    const place = this.indexed().operations.get(key);
    return place === undefined ? undefined : this.parse(key, place);
  }

  /** A piece's text; its bundle is compiled the first time one of its pieces is read. */
  private text([bucket, index]: Place): string {
    let texts = this.bundles.get(bucket);
    if (!texts) {
      const fetching = this.missing && this.pieces.fetching?.(bucket);
      if (fetching) {
        this.missing!.add(fetching);
        throw NOT_IN_YET;
      }
      texts = this.pieces.buckets[bucket]!();
      this.bundles.set(bucket, texts);
    }
    return texts[index]!;
  }

  private parse(key: string, place: Place): unknown {
    if (!this.parsed.has(key)) this.parsed.set(key, JSON.parse(this.text(place)));
    return this.parsed.get(key);
  }

  private indexed() {
    if (!this.index) {
      const operations = new Map<string, Place>();
      for (const [container, path, method, bucket, index] of this.pieces.operations) operations.set(`${container} ${path} ${method}`, [bucket, index]);
      const components = new Map<string, Place>();
      const order = new Map<string, number>();
      this.pieces.components.forEach(([type, name, bucket, index], position) => {
        components.set(`${type}/${name}`, [bucket, index]);
        order.set(`${type}/${name}`, position);
      });
      this.index = {operations, components, order};
    }
    return this.index;
  }
}
