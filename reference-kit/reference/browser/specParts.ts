/**
 * The models of a reference's sections, each built from the part of the spec it shows instead of
 * the whole spec.
 *
 * Redoc's store builds a model for every tag and operation of the spec when it is created, from a
 * spec parsed as a whole: on a spec of a few hundred operations, long tasks that grow with the spec.
 * A section needs only its own model. Each section of the outline (../../lib/outline.js) says what it
 * shows: an operation (`op`, under the tag of its `part`), a tag with its description and the
 * schemas it lists (`tag:<name>`), or the API's description (`info`). Its part is a spec that keeps
 * only that, with the components it reaches (../shared/pieceStore.ts); Redoc's own `SpecStore` builds the
 * same models, with the same ids, for that part alone. So a section coming to life costs what its
 * operation costs, whatever the size of its tag or of the spec; and the spec is never parsed whole.
 *
 * Redoc looks up a few things among all components rather than through references (a
 * discriminator's subtypes, the schemas a tag lists in `x-tags`): the build lists those
 * (../../lib/specPieces.js). Should a part still lack a component it refers to, the part's
 * components fall back to the spec's own, parsed when asked for.
 */
import {flattenByProp, RedocNormalizedOptions, SpecStore, type ContentItemModel} from 'redoc';
import type {OpenAPISpec} from 'redoc/typings/types';
import {replayHeadings, type RecordedHeadings} from '../../lib/descriptionHeadings';
import type {PieceStore} from '../shared/pieceStore';
import type {OutlineItem} from '../shared/specData';

type Json = Record<string, unknown>;
type Tag = {name: string; [key: string]: unknown};

/** The part of the spec a section is built from: `info`, a tag's, or one operation's. */
function partKey(item: Pick<OutlineItem, 'part' | 'op'>): string {
  return item.op ? `op:${item.part ?? 'tag:'}:${item.op.join(' ')}` : item.part ?? 'info';
}

/** Builds the parts of a spec from its pieces. */
class PartBuilder {
  constructor(private readonly pieces: PieceStore) {}

  build(item: Pick<OutlineItem, 'part' | 'op'>): OpenAPISpec {
    const part = item.part ?? 'info';
    if (part === 'info') return this.info();
    const tag = part.replace(/^tag:/, '');
    return item.op ? this.operation(tag, item.op) : this.tag(tag);
  }

  /** The API's description and the headings in it. */
  private info(): OpenAPISpec {
    const base = this.pieces.base();
    return this.spec({...this.common(), info: {...(base.info as Json)}}, this.pieces.reached([this.pieces.baseText()]));
  }

  /** A tag, with its description and the schemas that list it, without its operations. */
  private tag(tag: string): OpenAPISpec {
    const tagged = this.tagFields(tag);
    return this.spec({...this.common(), ...tagged}, this.pieces.reached([JSON.stringify(tagged.tags)], this.pieces.tagged(tag)));
  }

  /** One operation, filed under `tag` only (`''`: an operation without tags). */
  private operation(tag: string, [container, path, method]: [string, string, string]): OpenAPISpec {
    const pathItem = this.pieces.pathItem(container, path) ?? {};
    const operation = this.pieces.operation(container, path, method);
    // A path item given by reference is resolved by Redoc's parser, which files its operations.
    const item = pathItem.$ref !== undefined || !operation ? pathItem : {...pathItem, [method]: tag === '' ? operation : {...operation, tags: [tag]}};
    const tagged = tag === '' ? {tags: []} : this.tagFields(tag);
    const texts = [...this.pieces.operationTexts(container, path, method), JSON.stringify(tagged.tags)];
    return this.spec({...this.common(), ...tagged, [container]: {[path]: item}}, this.pieces.reached(texts));
  }

  /** What every part has: the spec's own fields, with no operations, tags, or description. */
  private common(): Json {
    const base = this.pieces.base();
    return {
      ...base,
      // Redoc makes sections of the description's headings: those belong to the `info` part.
      info: {...(base.info as Json), description: ''},
      paths: {},
      webhooks: undefined,
      'x-webhooks': undefined,
      tags: [],
      'x-tagGroups': undefined,
    };
  }

  /** The tag as the spec declares it (or by name alone), and the groups of tags that show it. */
  private tagFields(tag: string): {tags: Tag[]; 'x-tagGroups'?: {name: string; tags: string[]}[]} {
    const base = this.pieces.base();
    const declared = ((base.tags as Tag[] | undefined) ?? []).filter((candidate) => candidate.name === tag);
    const groups = (base['x-tagGroups'] as {name: string; tags: string[]}[] | undefined)?.filter((group) => group.tags.includes(tag));
    return {
      tags: declared.length > 0 ? declared : [{name: tag}],
      'x-tagGroups': groups?.length ? groups.map((group) => ({...group, tags: [tag]})) : undefined,
    };
  }

  /** `spec` with the components `keys`, each type falling back to the spec's own components. */
  private spec(spec: Json, keys: string[]): OpenAPISpec {
    const baseComponents = this.pieces.base().components as Record<string, Json> | undefined;
    if (!baseComponents) return spec as unknown as OpenAPISpec;
    const components: Record<string, Json> = {};
    for (const [type, entries] of Object.entries(baseComponents)) components[type] = type === 'securitySchemes' ? entries : {};
    for (const key of keys) {
      const slash = key.indexOf('/');
      const type = key.slice(0, slash);
      (components[type] ??= {})[key.slice(slash + 1)] = this.pieces.component(key);
    }
    for (const type of Object.keys(components)) {
      if (type !== 'securitySchemes') components[type] = this.withFallback(type, components[type]!);
    }
    return {...spec, components} as unknown as OpenAPISpec;
  }

  /** A part's components of one type, which reads a component the part does not hold from the spec. */
  private withFallback(type: string, entries: Json): Json {
    const pieces = this.pieces;
    return new Proxy(entries, {
      get: (target, name, receiver) =>
        typeof name === 'string' && !(name in target) && pieces.hasComponent(`${type}/${name}`)
          ? pieces.component(`${type}/${name}`)
          : Reflect.get(target, name, receiver),
      has: (target, name) => name in target || (typeof name === 'string' && pieces.hasComponent(`${type}/${name}`)),
    });
  }
}

/** Redoc's models for the sections of a spec, built one section at a time as sections ask for them. */
export class SpecParts {
  private readonly stores = new Map<string, SpecStore>();
  /** Parts built by `prepare`, until their section is built. */
  private readonly prepared = new Map<string, OpenAPISpec>();
  private readonly parts: PartBuilder;
  private whole: SpecStore | undefined;

  /**
   * @param pieces The spec's pieces.
   * @param spec The whole spec, read only if an item is not where the outline says.
   */
  constructor(
    private readonly pieces: PieceStore,
    private readonly spec: () => OpenAPISpec,
    private readonly specUrl: string | undefined,
    private readonly options: RedocNormalizedOptions,
    private readonly headings?: RecordedHeadings,
  ) {
    this.parts = new PartBuilder(pieces);
  }

  /**
   * Builds the part of the spec that `item`'s section shows, for `item()`: undefined when it is
   * built, else a promise of its pieces' files (a large spec's, fetched by need), after which it is.
   */
  prepare(item: Pick<OutlineItem, 'part' | 'op'>): Promise<void> | undefined {
    const key = partKey(item);
    if (this.stores.has(key) || this.prepared.has(key)) return undefined;
    const part = this.pieces.whenFetched(() => this.parts.build(item));
    if (!(part instanceof Promise)) {
      this.prepared.set(key, part);
      return undefined;
    }
    return part.then((built) => {
      this.prepared.set(key, built);
    });
  }

  /** The store of the API's description (the info block). */
  info(): SpecStore {
    return this.store({part: 'info'});
  }

  /**
   * The model of the outline's section `item`, from the store of its part. A section the part does
   * not hold (an outline that does not match this spec) is looked up in a store of the whole spec,
   * built once.
   */
  item(item: Pick<OutlineItem, 'id' | 'part' | 'op'>): {item: ContentItemModel; store: SpecStore} | undefined {
    const store = this.store(item);
    const found = this.find(store, item.id);
    if (found) return {item: found, store};
    // Redoc's parser only reads the spec: a new `info` is copy enough.
    this.whole ??= this.build({...this.spec(), info: {...this.spec().info}});
    const inWhole = this.find(this.whole, item.id);
    return inWhole && {item: inWhole, store: this.whole};
  }

  private store(item: Pick<OutlineItem, 'part' | 'op'>): SpecStore {
    const key = partKey(item);
    let store = this.stores.get(key);
    if (!store) {
      const part = this.prepared.get(key) ?? this.parts.build(item);
      this.prepared.delete(key);
      store = this.build(part);
      // An operation's part serves one section; a tag's, its own and its description's headings.
      if (!item.op) this.stores.set(key, store);
    }
    return store;
  }

  private build(spec: OpenAPISpec): SpecStore {
    return replayHeadings(this.headings, () => new SpecStore(spec, this.specUrl, this.options));
  }

  private find(store: SpecStore, id: string): ContentItemModel | undefined {
    return flattenByProp(store.contentItems, 'items').find((candidate) => candidate.id === id);
  }
}
