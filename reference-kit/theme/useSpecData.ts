/**
 * `@theme/useSpecData` of the reference kit: reads specs from the modules the page loads
 * (../lib/specDataPlugin.js, imported by ../lib/specImportsLoader.js) instead of global data, so
 * that pages without an API reference never download a spec.
 */
import {useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import type {BuiltSpecProps} from '../reference/useRedocStore';

const loadedSpecs = new Map<string, BuiltSpecProps>();

/** Called by each `@redoc-spec-data/<id>` module when a page imports it. */
export function registerSpecData(id: string, data: BuiltSpecProps): void {
  loadedSpecs.set(id, data);
}

/** The spec with this id, or the first spec of the site when no id is given (as in the theme). */
export default function useSpecData(id?: string): BuiltSpecProps {
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
