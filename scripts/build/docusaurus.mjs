#!/usr/bin/env node
// Runs the Docusaurus 2 CLI with our TypeScript config.
//
// Docusaurus 2.4 only looks for docusaurus.config.js/.cjs, and two of its
// commands (`clear`, `write-heading-ids`) have no --config flag at all. So we
// register tsx's require hook, then make the config loader default to
// docusaurus.config.ts for every command. This needs no global tool.
import {createRequire} from 'node:module';
import {register} from 'tsx/cjs/api';

register();
// We pin Docusaurus 2.4.3 on purpose; its "update available" box would only mislead.
process.env.NO_UPDATE_NOTIFIER ??= '1';

const require = createRequire(import.meta.url);
const configModule = require('@docusaurus/core/lib/server/config.js');
const loadSiteConfig = configModule.loadSiteConfig;
configModule.loadSiteConfig = (options) =>
  loadSiteConfig({
    ...options,
    customConfigFilePath: options.customConfigFilePath ?? 'docusaurus.config.ts',
  });

await import('@docusaurus/core/bin/docusaurus.mjs');
