/**
 * Makes the stock reader site (scripts/sites/readerSite.ts) before the `reader` tests, once per
 * run: from the disk cache when this machine made it before with the same Installation page.
 */
import {test as setup} from '@playwright/test';
import {stockReaderSite} from '../../scripts/sites/readerSite';

setup('the stock reader site: an empty Docusaurus 2.4.3 site after the Installation page', async () => {
  setup.setTimeout(20 * 60_000);
  const started = Date.now();
  const {dir, record, reused} = await stockReaderSite();
  console.log(
    reused
      ? `reader site ${record.key} reused from ${dir} (${Date.now() - started} ms)`
      : `reader site ${record.key} made in ${dir}: create-docusaurus ${record.createMs} ms, Installation blocks ${record.blocksMs} ms`,
  );
});
