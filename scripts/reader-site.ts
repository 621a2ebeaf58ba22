// The reader's site of the tests (tests/support/readerSite.ts), by hand:
//   node --import tsx scripts/reader-site.ts             prints the stock site's folder, made first if needed
//   node --import tsx scripts/reader-site.ts copy <name> makes a copy to change, build or start, and prints it
import {copyReaderSite, stockReaderSite} from '../tests/support/readerSite';

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command === 'copy') {
    console.log(await copyReaderSite(name ?? 'manual'));
  } else if (command === undefined) {
    const {dir, reused} = await stockReaderSite();
    console.log(reused ? dir : `${dir} (made now)`);
  } else {
    console.error('usage: node --import tsx scripts/reader-site.ts [copy <name>]');
    process.exitCode = 2;
  }
}

void main();
