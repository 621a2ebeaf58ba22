/**
 * The address of the deployment a reader is on, in commands the docs tell them to run against it
 * (downloading the reference kit, upgrading it). A docs code block writes SITE_ADDRESS where that
 * address goes; ./index.tsx puts it in, and the tests put in the address of the build they serve.
 */

/** Where a code block in docs/ names this site's address, which ends with `/`: `{{siteAddress}}reference-kit.tar.gz`. */
export const SITE_ADDRESS = '{{siteAddress}}';

/** `text` with `address` in place of SITE_ADDRESS. */
export function withSiteAddress(text: string, address: string): string {
  return text.split(SITE_ADDRESS).join(address);
}
