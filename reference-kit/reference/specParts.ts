/**
 * The models of a reference's sections, built part by part instead of for the whole spec.
 *
 * Redoc's store builds a model for every tag, operation and schema of the spec when it is created:
 * on a spec of a few hundred operations, a long task that grows with the spec. A section needs
 * only its own model. Each section of the outline (../lib/outline.js) names a part of the spec: the
 * API's description (`info`) or one tag (`tag:<name>`) with its operations and schemas. The part
 * is a copy of the spec that keeps only those, so Redoc's own `SpecStore` builds the same models,
 * with the same ids, for that part alone: the cost of waking a section is that of its tag.
 */
import {flattenByProp, RedocNormalizedOptions, SpecStore, type ContentItemModel} from 'redoc';
import type {OpenAPISpec} from 'redoc/typings/types';
import {replayHeadings, type RecordedHeadings} from '../lib/descriptionHeadings';

const OPERATION_NAMES = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type PathItem = Record<string, unknown> & {$ref?: string};
type Operation = {tags?: string[]};

/** The operations of `paths` filed under `tag` (`''`: those without tags), each with that tag only. */
function pathsOfTag(paths: Record<string, PathItem> | undefined, tag: string): Record<string, PathItem> | undefined {
  if (!paths) return undefined;
  const kept: Record<string, PathItem> = {};
  for (const [name, item] of Object.entries(paths)) {
    // A path item given by reference is resolved by Redoc's parser; keep it, Redoc files its operations.
    if (item.$ref) {
      kept[name] = item;
      continue;
    }
    const operations = OPERATION_NAMES.filter((method) => {
      const tags = (item[method] as Operation | undefined)?.tags;
      if (!item[method]) return false;
      return tag === '' ? !tags?.length : Boolean(tags?.includes(tag));
    });
    if (operations.length === 0) continue;
    const pathItem: PathItem = Object.fromEntries(Object.entries(item).filter(([key]) => !OPERATION_NAMES.includes(key)));
    for (const method of operations) pathItem[method] = tag === '' ? item[method] : {...(item[method] as object), tags: [tag]};
    kept[name] = pathItem;
  }
  return kept;
}

/** The spec with only what the sections of `part` are built from. */
export function specPart(spec: OpenAPISpec, part: string): OpenAPISpec {
  // Redoc's parser adds a section to `info.description`: each part gets an `info` of its own.
  const base = {...spec, info: {...spec.info}, paths: {}, tags: [], webhooks: undefined, 'x-webhooks': undefined, 'x-tagGroups': undefined};
  if (part === 'info') return base as unknown as OpenAPISpec;
  const tag = part.replace(/^tag:/, '');
  const raw = spec as unknown as Record<string, unknown>;
  const tagGroups = (raw['x-tagGroups'] as {name: string; tags: string[]}[] | undefined)?.filter((group) => group.tags.includes(tag));
  return {
    ...base,
    // The description's headings belong to the `info` part.
    info: {...spec.info, description: ''},
    paths: pathsOfTag(spec.paths as Record<string, PathItem>, tag) ?? {},
    webhooks: pathsOfTag(raw.webhooks as Record<string, PathItem> | undefined, tag),
    'x-webhooks': pathsOfTag(raw['x-webhooks'] as Record<string, PathItem> | undefined, tag),
    tags: (spec.tags ?? []).filter((declared: {name: string}) => declared.name === tag),
    'x-tagGroups': tagGroups?.length ? tagGroups.map((group) => ({...group, tags: [tag]})) : undefined,
  } as unknown as OpenAPISpec;
}

/** Redoc's models for the sections of a spec, built one part at a time as sections ask for them. */
export class SpecParts {
  private readonly stores = new Map<string, SpecStore>();
  private whole: SpecStore | undefined;

  constructor(
    private readonly spec: () => OpenAPISpec,
    private readonly specUrl: string | undefined,
    private readonly options: RedocNormalizedOptions,
    private readonly headings?: RecordedHeadings,
  ) {}

  /** The store of one part, built the first time it is asked for. */
  store(part: string): SpecStore {
    let store = this.stores.get(part);
    if (!store) {
      store = this.build(specPart(this.spec(), part));
      this.stores.set(part, store);
    }
    return store;
  }

  /**
   * The model of the section `id` of `part`. A section the part does not hold (an outline that
   * does not match this spec) is looked up in a store of the whole spec, built once.
   */
  item(part: string, id: string): {item: ContentItemModel; store: SpecStore} | undefined {
    const store = this.store(part);
    const found = this.find(store, id);
    if (found) return {item: found, store};
    // Redoc's parser only rewrites `info.description`: a new `info` is copy enough.
    this.whole ??= this.build({...this.spec(), info: {...this.spec().info}});
    const item = this.find(this.whole, id);
    return item && {item, store: this.whole};
  }

  private build(spec: OpenAPISpec): SpecStore {
    return replayHeadings(this.headings, () => new SpecStore(spec, this.specUrl, this.options));
  }

  private find(store: SpecStore, id: string): ContentItemModel | undefined {
    return flattenByProp(store.contentItems, 'items').find((candidate) => candidate.id === id);
  }
}
