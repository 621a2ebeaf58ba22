/**
 * plugins/lean-redoc keeps only the Prism grammars the site's code samples need: which languages
 * the specs' code is in (scripts/build/specs.ts), and which of Prism's components those come to.
 * Node only: no browser page is opened.
 */
import {expect, test} from '@playwright/test';
import {prismComponentFor, prismComponentsToKeep} from '../../plugins/lean-redoc/prismLanguages';
import {codeLanguages} from '../../scripts/build/specs';

test('the code languages are read from every spec, samples and Markdown fences, references followed', async () => {
  // The multi-file spec keeps its operations, with their samples, in files of their own.
  expect(await codeLanguages([{spec: 'openapi/multi-file/openapi.yaml'}])).toEqual(['JavaScript', 'Python', 'Shell', 'bash']);
  expect(await codeLanguages([{spec: 'openapi/swagger/swagger.json'}, {spec: 'openapi/single-file/openapi.yaml'}])).toEqual(
    ['JavaScript', 'Python', 'Shell', 'bash'],
  );
});

test('a sample language comes to the Prism component Redoc highlights it with', () => {
  expect(prismComponentFor('Python')).toBe('python');
  // Aliases, as Prism registers them, and Redoc's own names.
  expect(prismComponentFor('Shell')).toBe('bash');
  expect(prismComponentFor('sh')).toBe('bash');
  expect(prismComponentFor('C#')).toBe('csharp');
  expect(prismComponentFor('Objective-C')).toBe('objectivec');
  expect(prismComponentFor('JSON')).toBe('javascript');
  expect(prismComponentFor('no-such-language')).toBeUndefined();
});

test('the kept grammars are the samples’ and the payloads’, with every grammar they extend', () => {
  expect([...prismComponentsToKeep(['JavaScript', 'Python', 'Shell'])].sort()).toEqual(
    ['bash', 'clike', 'csv', 'javascript', 'markup', 'python'].sort(),
  );
  const php = prismComponentsToKeep(['PHP', 'C++']);
  for (const id of ['php', 'markup-templating', 'markup', 'cpp', 'c', 'clike', 'csv']) expect(php, id).toContain(id);
  expect(php).not.toContain('python');
  expect([...prismComponentsToKeep(['no-such-language'])].sort()).toEqual(['csv', 'markup']);
});
