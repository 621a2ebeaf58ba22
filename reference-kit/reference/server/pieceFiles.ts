/**
 * A large spec's bundles of pieces on the server: read from the text files the browser fetches
 * (../shared/pieceStore.ts, `fetchedBuckets`), when the render first reads a bundle in one, rather
 * than compiled into the server's bundle, where webpack parsed and kept every piece as a module of
 * JavaScript, request samples included (CHANGELOG, 1.4.0).
 */
import fs from 'fs';
import type {SpecPieces} from '../../lib/specPieces';
import {bundlesInFile, piecesOf} from '../shared/pieceStore';

/** `files`: each text file's path and, for each bundle in it, the lengths of its pieces. */
export function readBuckets(files: [path: string, lengths: number[][]][]): Pick<SpecPieces, 'buckets'> {
  const texts: string[][] = [];
  return {
    buckets: files.flatMap(([file, lengths], index) =>
      lengths.map((pieces, inFile) => () => {
        texts[index] ??= bundlesInFile(fs.readFileSync(file, 'utf8'), lengths);
        return piecesOf(texts[index]![inFile]!, pieces);
      }),
    ),
  };
}
