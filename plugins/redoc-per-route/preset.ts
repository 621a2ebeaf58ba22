/**
 * The redocusaurus preset, with each spec's plugin swapped for the per-route
 * wrapper (./plugin.ts). Options and everything else are the preset's own.
 */
import type {LoadContext, Preset} from '@docusaurus/types';
import redocusaurus, {type PresetOptions} from 'redocusaurus';

export default function redocusaurusPerRoute(context: LoadContext, options: PresetOptions): Preset {
  const resolved = redocusaurus(context, options);
  return {
    themes: [...resolved.themes] as Preset['themes'],
    plugins: resolved.plugins.map(([, pluginOptions]) => [require.resolve('./plugin'), {...pluginOptions}]),
  };
}
