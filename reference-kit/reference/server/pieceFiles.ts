/**
 * A large spec's bundles of pieces on the server: read from the text files the browser fetches
 * (../shared/pieceStore.ts, `fetchedBuckets`), when the render first reads a bundle in one, rather
 * than compiled into the server's bundle, where webpack parsed and kept every piece as a module of
 * JavaScript, request samples included (CHANGELOG, 1.4.0).
 */
import fs from 'fs';
import type {SpecPieces} from '../../lib/specPieces';
import {bundlesInFile, piecesOf} from '../shared/pieceStore';

/**
 * `files`: each text file's path and, for each bundle in it, the lengths of its pieces. A file is
 * read each time a render first needs a bundle in it, and not kept: the render's store keeps the
 * bundle until the page is rendered (`PieceStore.release`), and a build of many pages does not hold
 * every file of a large spec (request samples included) to the end.
 */
export function readBuckets(files: [path: string, lengths: number[][]][]): Pick<SpecPieces, 'buckets'> {
  return {
    buckets: files.flatMap(([file, lengths]) =>
      lengths.map((pieces, inFile) => () => piecesOf(bundlesInFile(fs.readFileSync(file, 'utf8'), lengths)[inFile]!, pieces)),
    ),
  };
}
