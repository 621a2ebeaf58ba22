/**
 * Swizzled `@theme/useSpecData`: reads specs from modules loaded by the page
 * (see plugins/redoc-per-route) instead of global data, so that pages without
 * an API reference never download a spec.
 */
import {useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import type {BuiltSpecProps} from './Redoc/useRedocStore';

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
      `The spec "${specId}" is not loaded on this page. Docs pages import it automatically; ` +
        `a React page needs \`import '@redoc-spec-data/${specId}';\`.`,
    );
  }
  return data;
}

export {useSpecData};
