/**
 * Gives the server build its own `ReferenceStyles` (src/theme/Redoc/ReferenceStyles.server.tsx),
 * which renders the reference twice more to collect its CSS. The browser's bundle keeps the
 * placeholder and so never carries that code or react-dom/server.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import webpack from 'webpack';

const CLIENT_MODULE = /[\\/]src[\\/]theme[\\/]Redoc[\\/]ReferenceStyles\.tsx$/;

export default function redocServerStylesPlugin(): Plugin {
  return {
    name: 'redoc-server-styles',
    configureWebpack(_config, isServer) {
      if (!isServer) return {};
      const serverModule = path.resolve(__dirname, '../../src/theme/Redoc/ReferenceStyles.server.tsx');
      return {plugins: [new webpack.NormalModuleReplacementPlugin(CLIENT_MODULE, serverModule)]};
    },
  };
}
