/**
 * How a page reached by a click reads its built HTML (reference-kit/reference/browser/slices.ts):
 * decoded as it arrives, a slice per task, into the same text as the whole body decoded at once.
 */
import {expect, test} from '@playwright/test';
import {responseText} from '../../reference-kit/reference/browser/slices';

/** A response whose body arrives in the given chunks of bytes. */
function responseOf(chunks: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
  return new Response(body, {headers: {'Content-Type': 'text/html; charset=utf-8'}});
}

test('characters of several bytes split across chunks and slices come out whole', async () => {
  // Two-, three- and four-byte characters, so that chunk and slice boundaries fall inside them.
  const text = '<p title="é€😀">Grüße, 東京, 😀 — déjà vu</p>\n'.repeat(12_000);
  const bytes = new TextEncoder().encode(text);
  expect(bytes.length).toBeGreaterThan(4 * 64 * 1024);
  const chunks: Uint8Array[] = [];
  // Uneven chunk sizes, none a multiple of a character's length.
  for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 13) % 90_001) chunks.push(bytes.subarray(at, at + size));
  expect(await responseText(responseOf(chunks))).toBe(text);
  expect(await responseText(responseOf([bytes]))).toBe(await responseOf([bytes]).text());
});

test('a large body arriving at once is decoded over several tasks', async () => {
  const text = 'ü€'.repeat(6_000_000);
  const bytes = new TextEncoder().encode(text);
  let turns = 0;
  let counting = true;
  const count = () => {
    turns += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const decoded = await responseText(responseOf([bytes]));
  counting = false;
  expect(decoded.length).toBe(text.length);
  // Other work ran while it was decoded: the decoding yielded to the event loop.
  expect(turns).toBeGreaterThan(2);
});
