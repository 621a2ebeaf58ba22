/**
 * The operations of an OpenAPI 3 or Swagger 2.0 document, as Redoc 2 lists them: every path item's
 * get, put, post, delete, options, head and patch (Redoc's `isOperationName`; it leaves out trace).
 * Used to cut the corpus documents down (scripts/cli/openapi-corpus-subset.ts), to count what a
 * built page must show (tests/build/corpus.spec.ts) and to look for a spec's text in a page.
 */

/** The HTTP methods Redoc renders as operations. */
export const REDOC_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

export interface DocumentOperation {
  /** Upper case, as the page's method badge reads: `GET`. */
  method: string;
  path: string;
  operationId?: string;
  tags: string[];
  /**
   * The tags Redoc shows the operation under, once under each: its tags (`''`, no tag, when it has
   * none), less `x-traitTag` tags; with `x-tagGroups`, only tags listed in a group, so an operation
   * none of whose tags is in a group is not shown at all (MenuBuilder.getTagGroupsItems).
   */
  shownUnder: string[];
  /** The operation object itself. */
  operation: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export function documentOperations(document: unknown): DocumentOperation[] {
  const root = (document ?? {}) as Json;
  const paths = (root.paths ?? {}) as Record<string, Json>;
  const traitTags = new Set(((root.tags ?? []) as Json[]).filter((tag) => tag['x-traitTag']).map((tag) => tag.name));
  const groups = root['x-tagGroups'] as {tags?: string[]}[] | undefined;
  const grouped = groups?.length ? new Set(groups.flatMap((group) => group.tags ?? [])) : undefined;
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of REDOC_METHODS) {
      const operation = item?.[method] as Json | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const tags = Array.isArray(operation.tags) ? (operation.tags as string[]) : [];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        tags,
        shownUnder: (tags.length > 0 ? tags : ['']).filter((tag) => !traitTags.has(tag) && (!grouped || grouped.has(tag))),
        operation,
      });
    }
  }
  return operations;
}

/** The summary of every operation of a document, in file order (operations without one left out). */
export function operationSummaries(document: unknown): string[] {
  return documentOperations(document).flatMap(({operation}) =>
    typeof operation.summary === 'string' && operation.summary.trim() ? [operation.summary.trim()] : [],
  );
}
