/**
 * A spec's pieces in the browser (../lib/specPieces.js): each parsed once, when first asked for,
 * and what a piece refers to found in its text, so that a section of the reference parses only the
 * operation it shows and the components that operation reaches.
 *
 * The pieces' texts are in bundles, each a module (../lib/specDataPlugin.js). A page's own code
 * carries them (`load`, read as soon as asked for), or the browser downloads each when first needed
 * (`fetch`): then what reads pieces loads them first (`load()`, `unloaded()`, ./specParts.ts).
 */
import type {SpecPieces} from '../lib/specPieces';

/** How a page reaches the bundles of a spec's pieces: each bundle's texts, at once or downloaded. */
export type SpecBundles = {load: (() => string[])[]} | {fetch: (() => Promise<string[]>)[]};

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

export class PieceStore {
  private readonly parsed = new Map<string, unknown>();
  private readonly named = new Map<string, string[]>();
  private readonly bundles = new Map<number, string[]>();
  private readonly fetching = new Map<number, Promise<void>>();
  private at?: (() => string[])[];
  private fetchers?: (() => Promise<string[]>)[];
  private index?: {operations: Map<string, Place>; components: Map<string, Place>; order: Map<string, number>};
  private baseSpec?: Json;
  private wholeSpec?: Json;

  constructor(
    private readonly pieces: SpecPieces,
    bundles: SpecBundles,
  ) {
    this.reachBy(bundles);
  }

  /** Another way to the same bundles: a page that carries them, beside the page that downloads them. */
  reachBy(bundles: SpecBundles): void {
    if ('load' in bundles) this.at = bundles.load;
    else this.fetchers = bundles.fetch;
  }

  /** Whether the bundle's texts can be read now. */
  isLoaded(bucket: number): boolean {
    return this.bundles.has(bucket) || this.at !== undefined;
  }

  /** Loads these bundles (downloads those not in yet); resolves when all can be read. */
  load(buckets: Iterable<number>): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const bucket of new Set(buckets)) {
      if (this.isLoaded(bucket)) continue;
      let wait = this.fetching.get(bucket);
      if (!wait) {
        wait = this.fetchers![bucket]!().then((texts) => {
          this.bundles.set(bucket, texts);
        });
        // A download that failed is tried again when next asked for.
        wait.catch(() => this.fetching.delete(bucket));
        this.fetching.set(bucket, wait);
      }
      waits.push(wait);
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** Loads every bundle: for what reads the whole spec. */
  loadAll(): Promise<void> {
    return this.load(this.fetchers?.keys() ?? []);
  }

  /** The spec without operations and components' entries. Shared: copy what you change. */
  base(): Json {
    return (this.baseSpec ??= JSON.parse(this.pieces.base) as Json);
  }

  /** The JSON text of the spec without operations and components' entries. */
  baseText(): string {
    return this.pieces.base;
  }

  /** The whole spec, built once from the pieces (those parsed before are reused). */
  whole(): Json {
    if (!this.wholeSpec) {
      const spec = JSON.parse(this.pieces.base) as Record<string, Record<string, Json>>;
      for (const [container, path, method, bucket, index] of this.pieces.operations) {
        const value = this.parse(`${container} ${path} ${method}`, [bucket, index]);
        // The path item's own fields: a copy, which its operations are added to.
        if (method === '') spec[container]![path] = value !== null && typeof value === 'object' ? {...(value as Json)} : (value as Json);
        else spec[container]![path]![method] = value;
      }
      for (const [type, name, bucket, index] of this.pieces.components) {
        spec.components![type]![name] = this.parse(`${type}/${name}`, [bucket, index]) as Json;
      }
      this.wholeSpec = spec;
    }
    return this.wholeSpec;
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

  /** The bundles not loaded yet that hold a path item's own fields and one of its operations. */
  unloadedOperation(container: string, path: string, method: string): number[] {
    const {operations} = this.indexed();
    return [operations.get(`${container} ${path} `), operations.get(`${container} ${path} ${method}`)]
      .filter((place): place is Place => place !== undefined && !this.isLoaded(place[0]))
      .map(([bucket]) => bucket);
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
   * With `unloaded`, a component whose bundle is not loaded is not read: its bundle is added there,
   * and what it names is not reached.
   */
  reached(texts: string[], extra: string[] = [], unloaded?: Set<number>): string[] {
    const {components, order} = this.indexed();
    const found = new Set<string>();
    const queue = [...texts.flatMap((text) => namedComponents(text)), ...extra];
    while (queue.length > 0) {
      const key = queue.pop()!;
      const place = components.get(key);
      if (found.has(key) || !place) continue;
      found.add(key);
      if (unloaded && !this.isLoaded(place[0])) unloaded.add(place[0]);
      else queue.push(...this.namedBy(key), ...(this.pieces.derived[key] ?? []));
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
      names = place === undefined ? [] : namedComponents(this.text(place));
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
      if (!this.at) throw new Error(`reference-kit: a piece of the spec was read before its bundle (${bucket}) was loaded.`);
      texts = this.at[bucket]!();
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
