/**
 * Wrapped `@theme/CodeBlock`: the theme's, with this site's address put into the commands that name
 * it (./siteAddress.ts), so that a command works against the deployment that shows it.
 */
import React from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import type {Props} from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {SITE_ADDRESS, withSiteAddress} from './siteAddress';

/**
 * The site's `url` and `baseUrl` in the server's HTML (what a reader without JavaScript sees), then
 * the origin the page was loaded from: the deployment serving it, whatever host it was built for
 * (`npm run serve` of a build for the public address, say).
 */
function useSiteAddress(): string {
  const {url, baseUrl} = useDocusaurusContext().siteConfig;
  return `${useIsBrowser() ? window.location.origin : url}${baseUrl}`;
}

export default function CodeBlockWithSiteAddress({children, ...props}: Props): JSX.Element {
  const address = useSiteAddress();
  const code = typeof children === 'string' && children.includes(SITE_ADDRESS) ? withSiteAddress(children, address) : children;
  return <CodeBlock {...props}>{code}</CodeBlock>;
}
