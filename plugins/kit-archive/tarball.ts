/**
 * A gzipped tar archive (POSIX ustar) of files in memory, for plain files with short paths: what
 * `tar -xzf` on any system unpacks. Modification times are 0, so the same files make the same bytes.
 */
import {gzipSync} from 'node:zlib';

export interface ArchiveFile {
  /** The path inside the archive, `/`-separated, at most 100 bytes. */
  path: string;
  content: Buffer;
}

const BLOCK = 512;

function header({path, content}: ArchiveFile): Buffer {
  const block = Buffer.alloc(BLOCK);
  const field = (value: string, offset: number, length: number) => {
    if (Buffer.byteLength(value) > length) throw new Error(`tarball: "${path}" does not fit the ustar header`);
    block.write(value, offset, length, 'utf8');
  };
  const octal = (value: number, offset: number, length: number) => field(value.toString(8).padStart(length - 1, '0'), offset, length - 1);
  field(path, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(content.length, 124, 12);
  octal(0, 136, 12);
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  field('0', 156, 1);
  field('ustar\u000000', 257, 8);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  field(`${checksum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

export function tarGz(files: readonly ArchiveFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(header(file), file.content, Buffer.alloc((BLOCK - (file.content.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), {level: 9});
}
