/**
 * docusaurus-plugin-redoc, with the spec delivered per route.
 *
 * The original plugin stores each converted spec in Docusaurus global data,
 * which is part of the main bundle that every page downloads. This wrapper
 * runs the original plugin unchanged but catches that global data and writes
 * it to a module of its own, `@redoc-spec-data/<id>`, that only the pages
 * rendering the spec import. Routed API pages keep getting the spec as a route
 * module from the original plugin.
 *
 * Both kinds of page also get the headings Redoc finds in the spec's descriptions, found here
 * once instead of on every page load (src/theme/Redoc/descriptionHeadings.ts).
 */
import type {LoadContext, PluginContentLoadedActions} from '@docusaurus/types';
import redocPlugin, {validateOptions, type PluginOptions} from 'docusaurus-plugin-redoc';
import {AppStore} from 'redoc';
import {recordHeadings} from '../../src/theme/Redoc/descriptionHeadings';

type RedocPlugin = ReturnType<typeof redocPlugin>;

/** The import path of a spec's data module. */
export function specDataModule(id: string): string {
  return `@redoc-spec-data/${id}`;
}

/**
 * Points a root-relative `info.x-logo.url` (`/img/logo.svg`, a file of the site's static folder)
 * under the site's base URL, as Docusaurus does for its own links: Redoc writes the URL into an
 * <img> as it is, so on a site served under /redocusaurus/ the logo would be looked for outside it.
 */
function logoUnderBaseUrl(spec: {info?: object}, baseUrl: string): void {
  // Redoc's vendor extension, not in its OpenAPIInfo type.
  const logo = (spec.info as {'x-logo'?: {url?: unknown}} | undefined)?.['x-logo'];
  if (!logo || typeof logo.url !== 'string') return;
  if (logo.url.startsWith('/') && !logo.url.startsWith('//') && !logo.url.startsWith(baseUrl)) {
    logo.url = baseUrl + logo.url.slice(1);
  }
}

export default function redocPerRoutePlugin(context: LoadContext, options: PluginOptions): RedocPlugin {
  const plugin = redocPlugin(context, options);
  const id = options.id ?? 'default';
  let dataModulePath: string | undefined;

  return {
    ...plugin,
    async contentLoaded(args) {
      let specData: unknown;
      const actions: PluginContentLoadedActions = {
        ...args.actions,
        setGlobalData: (data) => {
          const {spec, url} = data as {spec: ConstructorParameters<typeof AppStore>[0]; url?: string};
          logoUnderBaseUrl(spec, context.baseUrl);
          // Redoc's parser edits the spec it is given (it adds the security section to the
          // description); the browser's store gets the data untouched, so this one gets a copy.
          // The original plugin writes this same object to the routed page's data afterwards, so the
          // headings are added to it in place.
          const descriptionHeadings = recordHeadings(() => new AppStore(structuredClone(spec), url, {disableSearch: true}));
          Object.assign(data as object, {descriptionHeadings});
          specData = data;
          // Only the id, so that `useSpecData()` without an id can still find the first spec.
          args.actions.setGlobalData({id});
        },
      };
      await plugin.contentLoaded?.({...args, actions});
      // JSON.parse of a string literal is faster to load than the same object as JS.
      dataModulePath = await args.actions.createData(
        `spec-data-${id}.js`,
        `import {registerSpecData} from '@theme/useSpecData';\n` +
          `registerSpecData(${JSON.stringify(id)}, JSON.parse(${JSON.stringify(JSON.stringify(specData))}));\n`,
      );
    },
    configureWebpack() {
      if (!dataModulePath) return {};
      return {resolve: {alias: {[specDataModule(id)]: dataModulePath}}};
    },
  } as RedocPlugin;
}

export {validateOptions};
