/**
 * `@theme/useSpecData` of the reference kit: reads specs from the modules the page loads
 * (../lib/specDataPlugin.js, imported by ../lib/specImportsLoader.js) instead of global data, so
 * that pages without an API reference never download a spec.
 *
 * A spec arrives in pieces (../lib/specPieces.js), and `spec` is an object that joins and parses
 * them the first time one of its properties is read: a page that loads with the server's HTML shows
 * its reference without parsing it, and the reference's sections parse only their own pieces
 * (`pieces`, ../reference/shared/pieceStore.ts). Passing the data on (`<Redoc {...useSpecData(id)} />`)
 * reads nothing.
 */
import {useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import {PieceStore} from '../reference/shared/pieceStore';

// For the modules of a large spec's pieces, which the browser fetches (../lib/specDataPlugin.js).
export {fetchedBuckets} from '../reference/shared/pieceStore';
import type {SpecData, SpecDataMeta} from '../reference/shared/specData';
import type {SpecPieces} from '../lib/specPieces';

const loadedSpecs = new Map<string, SpecData>();

/** Called by each `@redoc-spec-data/<id>` module when a page imports it; the module's default export. */
export function registerSpecData(id: string, meta: SpecDataMeta, specPieces: SpecPieces): SpecData {
  const pieces = new PieceStore(specPieces);
  // The store keeps what it parsed (until the server's render releases it): the stand-in does not.
  const data = {...meta, pieces, spec: parsedWhenRead(() => pieces.whole()) as SpecData['spec']};
  loadedSpecs.set(id, data);
  return data;
}

/** An object that stands for what `document` returns (which parses the spec once and keeps it), parsed when a property is first read. */
function parsedWhenRead(document: () => object): object {
  return new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(document(), key),
      has: (_, key) => Reflect.has(document(), key),
      set: (_, key, value) => Reflect.set(document(), key, value),
      deleteProperty: (_, key) => Reflect.deleteProperty(document(), key),
      ownKeys: () => Reflect.ownKeys(document()),
      // Reported configurable: the stand-in itself has none of these properties.
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(document(), key);
        return descriptor && {...descriptor, configurable: true};
      },
    },
  );
}

/** The spec with this id, or the first spec of the site when no id is given (as in the theme). */
export default function useSpecData(id?: string): SpecData {
  const instances = useAllPluginInstancesData('docusaurus-plugin-redoc') as Record<string, {id: string} | undefined>;
  const specId = id ?? Object.values(instances)[0]?.id;
  const data = specId === undefined ? undefined : loadedSpecs.get(specId);
  if (!data) {
    throw new Error(
      `The spec "${specId}" is not loaded on this page. The reference kit loads a spec for the pages that ` +
        `name its id as written text (\`useSpecData('${specId}')\`, \`<ApiDocMdx id="${specId}" />\`); ` +
        `a page that passes the id in a variable needs \`import '@redoc-spec-data/${specId}';\`.`,
    );
  }
  return data;
}

export {useSpecData};
