/**
 * The benchmark corpus: real public API descriptions, each as its publisher ships it in an npm
 * package, kept whole, each with a shape that costs Redoc something different. bench/corpus.md
 * says where each comes from, its licence and why it was chosen; bench/corpusFiles.ts downloads
 * them (one `npm pack` per package, cached), so none is committed.
 *
 * The facts were measured on the pinned version's file: change the version, measure again.
 * Operations are counted as Redoc 2 lists them (get, put, post, delete, options, head and patch of
 * each path item, scripts/sites/openapiOperations.ts); webhooks apart.
 */

export interface CorpusSource {
  /** npm package name. */
  package: string;
  /** Exact version: the facts below hold for it only. */
  version: string;
  /** The spec file inside the package, relative to the tarball's `package/` folder. */
  path: string;
  /** SPDX id of the package's licence (its `license` field; bench/corpus.md has the LICENSE file's copyright line). */
  licence: string;
  /** The tarball's SRI hash (npm's `dist.integrity`); bench/corpusFiles.ts checks each download against it. */
  integrity: string;
}

export interface CorpusEntry {
  /** Spec id; the page's route is `/api/<id>/`. */
  id: string;
  /** Title of its page. */
  title: string;
  source: CorpusSource;
  /** What makes it different from the other entries. */
  shape: string;
  /** `openapi` (or Swagger 2.0's `swagger`) field of the file. */
  openapi: string;
  /** Operations under `paths`. */
  operations: number;
  /** Operations under `webhooks` (OpenAPI 3.1) or `x-webhooks` (3.0): Redoc lists them too. */
  webhooks: number;
  /** Distinct tags that operations use (declared but unused tags not counted). */
  tags: number;
  /** The tag with the most operations, absent when no operation has a tag. */
  largestTag?: {name: string; operations: number};
  /** Operations with no tag; Redoc lists them outside any tag section. */
  untaggedOperations: number;
  /** Size of the spec file. */
  bytes: number;
}

export const corpus: readonly CorpusEntry[] = [
  {
    id: 'figma',
    title: 'Figma REST API',
    source: {
      package: '@figma/rest-api-spec',
      version: '0.43.0',
      path: 'openapi/openapi.yaml',
      // The package's `license` field reads "MIT License"; its LICENSE file is MIT.
      licence: 'MIT',
      integrity: 'sha512-sbFm28WM8MsawyLSYO9Ddne+8xytWU5D7oCOOWyzRvLpd9InFHihC37dQBVJVzAVyT7HpwYtU4wlm+ALogC38g==',
    },
    shape:
      'recursive node tree: `Node` is a `oneOf` of 28 node types and a frame\'s `children` a `oneOf` of 26, both with a `type` discriminator, and 13 schemas reference one another in a cycle',
    openapi: '3.1.0',
    operations: 54,
    webhooks: 0,
    tags: 18,
    largestTag: {name: 'Webhooks', operations: 7},
    untaggedOperations: 0,
    bytes: 401_203,
  },
  {
    id: 'github-webhooks',
    title: 'GitHub webhooks',
    source: {
      package: '@octokit/openapi-webhooks',
      version: '12.1.0',
      path: 'generated/api.github.com.json',
      licence: 'MIT',
      integrity: 'sha512-Z5eDsLCUNbx1zHpZb1LNQirADqdMTvWJQ/deahi0ws+tWWnwHXB+Pr4jfmM9OrETS9Y5iW8ZRu1fdbudObhLrg==',
    },
    // No package found that ships a 3.1 description with both paths and webhooks; this one has no
    // `paths` at all, which OpenAPI 3.1 allows and Redoc 2.1.4 renders (it reads paths only when present).
    shape:
      'OpenAPI 3.1 with webhooks only (261, no `paths`), nullable written as type arrays (2,885 `type: [..., "null"]`); 45 tags declared, 2 used',
    openapi: '3.1.0',
    operations: 0,
    webhooks: 261,
    tags: 1,
    largestTag: {name: 'merge-queue', operations: 2},
    untaggedOperations: 259,
    bytes: 4_805_035,
  },
  {
    id: 'rclone',
    title: 'Rclone RC API',
    source: {
      package: 'rclone-openapi',
      version: '1.75.0',
      path: 'openapi.json',
      licence: 'MIT',
      integrity: 'sha512-qkuPnhiFFS0cu5jAcG3TXWKZrkw54KYFCDPL5PDFY5Q3CZcooP4EXuMmcoQKWpmglohk12b65OW31QDVadsjRw==',
    },
    shape: 'no tags at all: 101 operations (one POST per path), none with `tags`, and no `tags` list',
    openapi: '3.1.0',
    operations: 101,
    webhooks: 0,
    tags: 0,
    untaggedOperations: 101,
    bytes: 361_501,
  },
  {
    id: 'dialogporten',
    title: 'Dialogporten API',
    source: {
      package: '@digdir/dialogporten-schema',
      version: '1.118.6',
      path: 'swagger.verified.json',
      licence: 'ISC',
      integrity: 'sha512-lRlFqAF59sK7U1cm4taIZkXatS2/u12cQ6wgg4lmlS/roTtHCEfvLtNO5oCcfnEy8XeC2ZDEWdbXLRKMDOzc5Q==',
    },
    // The strongest one-tag document found in a package: a larger one would serve better.
    shape:
      'one tag holds most operations (Serviceowner, 26 of 44; 3 tags); 195 single-branch `oneOf` wrappers around `$ref`s; the file starts with a UTF-8 byte order mark',
    openapi: '3.0.0',
    operations: 44,
    webhooks: 0,
    tags: 3,
    largestTag: {name: 'Serviceowner', operations: 26},
    untaggedOperations: 0,
    bytes: 436_633,
  },
  {
    id: 'okta',
    title: 'Okta API',
    source: {
      package: '@okta/openapi',
      version: '2.15.0',
      path: 'dist/spec.json',
      licence: 'Apache-2.0',
      integrity: 'sha512-twwPLKMJ5HlEZvdL6n0TiOIYqJVihM7g3UI1oSKBm9mPb0Fv9BIFKVOOrloJ3LiEnhTOzkR8w16BdCxbPTVcjg==',
    },
    shape: 'Swagger 2.0 with 340 operations (Redoc converts it to OpenAPI 3.0 in the build); 26 tags used, none declared',
    openapi: '2.0',
    operations: 340,
    webhooks: 0,
    tags: 26,
    largestTag: {name: 'User', operations: 52},
    untaggedOperations: 0,
    bytes: 624_819,
  },
  {
    id: 'github-rest',
    title: 'GitHub REST API',
    source: {
      package: '@octokit/openapi',
      version: '23.0.2',
      path: 'generated/api.github.com.json',
      licence: 'MIT',
      integrity: 'sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZXbFx5AHzLUVRBXGDhg==',
    },
    // Whole, unlike the tests' subset (tests/fixtures/openapi-corpus/): the size ceiling.
    shape: 'the size ceiling: 1,223 operations and 270 `x-webhooks` (Redoc lists both) in 13 MB; 1,764 distinct `$ref` targets',
    openapi: '3.0.3',
    operations: 1223,
    webhooks: 270,
    tags: 47,
    largestTag: {name: 'repos', operations: 204},
    untaggedOperations: 0,
    bytes: 13_001_822,
  },
  {
    id: 'shipengine',
    title: 'ShipEngine API',
    source: {
      package: 'shipengine-openapi',
      version: '1.4.0',
      path: 'openapi.json',
      licence: 'MIT',
      integrity: 'sha512-OPyPYD6FQfyx5h9IxCFnUflqS+qkpZkB78uw4KVkFtFY/inaXi0bPcXJz8eaxc3edEvRcxI47bwPZ6Dnu1R7pw==',
    },
    // The same package's openapi.yaml is the same API with `$ref`s (339 KB): a pair for what inlining costs.
    shape: 'fully inlined: not one `$ref`, so 76 operations take 8.6 MB (6,199 `allOf`, every shared schema repeated)',
    openapi: '3.0.0',
    operations: 76,
    webhooks: 0,
    tags: 15,
    largestTag: {name: 'shipments', operations: 11},
    untaggedOperations: 0,
    bytes: 8_627_237,
  },
];

/** Looks up a corpus entry by id; throws on a typo. */
export function corpusEntry(id: string): CorpusEntry {
  const entry = corpus.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`No bench corpus entry "${id}"; known: ${corpus.map((known) => known.id).join(', ')}`);
  return entry;
}
