/**
 * reference-kit/patches/redoc+2.1.4.patch: every spec value Redoc writes into an `href`, a `src` or a
 * `style` is checked where Redoc renders it (`kitSafeUrl`, `kitSafeColor`, exported from 'redoc'),
 * whatever its type, and an example's `externalValue` is fetched only from the page's own origin.
 * A spec with hostile values in each of those fields is rendered by Redoc's own components, as the
 * server renders it, and the HTML is read back with htmlparser2. Node only: no browser page is opened.
 */
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Parser} from 'htmlparser2';
import {expect, test} from '@playwright/test';
import {
  ApiLogo,
  AppStore,
  Example,
  ExampleModel,
  OpenAPIParser,
  Redoc,
  RedocNormalizedOptions,
  ThemeProvider,
  kitSafeColor,
  kitSafeUrl,
} from 'redoc';

type Spec = ConstructorParameters<typeof AppStore>[0];

// JSX is not compiled in .ts test files.
const h = React.createElement;

const SPEC_URL = 'https://docs.example/api/openapi.json';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SCRIPT = 'javascript:alert(document.domain)';

/** A spec whose every URL field holds `url`, and whose two security schemes under `$ref` hold javascript: URLs. */
function specWith(url: unknown, logo: {url?: unknown; href?: unknown; backgroundColor?: unknown} = {url, href: url}): Spec {
  const flows = (address: unknown) => ({
    implicit: {authorizationUrl: address, scopes: {read: 'Read.'}},
    authorizationCode: {authorizationUrl: address, tokenUrl: address, refreshUrl: address, scopes: {}},
  });
  const response = (externalValue: unknown) => ({
    '200': {description: 'OK', content: {'application/json': {examples: {external: {summary: 'External', externalValue}}}}},
  });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hostile API',
      version: '1.0.0',
      // Redoc renders the security schemes where the description asks for them.
      description: 'The API.\n\n# Authentication\n\n<!-- ReDoc-Inject: <security-definitions> -->',
      termsOfService: url,
      contact: {name: 'Support', url, email: url},
      license: {name: 'Licence', url},
      'x-logo': {altText: 'API logo', ...logo},
    },
    externalDocs: {url, description: 'The guide'},
    tags: [{name: 'items', description: 'Items.', externalDocs: {url, description: 'About items'}}],
    paths: {
      '/items': {
        get: {
          tags: ['items'],
          operationId: 'listItems',
          summary: 'Lists the items',
          externalDocs: {url, description: 'About listing'},
          security: [{oauth: []}, {oauthViaRef: ['read']}, {openId: []}, {openIdViaRef: []}],
          responses: response(url),
        },
      },
      '/elsewhere': {get: {tags: ['items'], operationId: 'elsewhere', summary: 'Elsewhere', responses: response('https://elsewhere.example/item.json')}},
      '/script': {get: {tags: ['items'], operationId: 'script', summary: 'Script', responses: response(SCRIPT)}},
    },
    components: {
      // Data that a walk over the spec's link keys skips, holding what a $ref makes a security scheme.
      examples: {
        scheme: {value: {type: 'oauth2', flows: flows(SCRIPT)}},
        openId: {value: {type: 'openIdConnect', openIdConnectUrl: SCRIPT}},
      },
      securitySchemes: {
        oauth: {type: 'oauth2', flows: flows(url)},
        oauthViaRef: {$ref: '#/components/examples/scheme/value'},
        openId: {type: 'openIdConnect', openIdConnectUrl: url},
        openIdViaRef: {$ref: '#/components/examples/openId/value'},
      },
    },
  } as unknown as Spec;
}

/** A component rendered alone, with Redoc's default theme. */
const renderAlone = (element: React.ReactElement) => renderToStaticMarkup(h(ThemeProvider, {theme: new RedocNormalizedOptions({}).theme}, element));

/** The whole reference as the server renders it: the menu with the logo, the API's block, the security schemes, every operation. */
function renderReference(spec: Spec): string {
  const store = new AppStore(spec, SPEC_URL, {disableSearch: true});
  return renderToStaticMarkup(h(Redoc, {store}));
}

interface Attribute {
  element: string;
  name: string;
  value: string;
}

/** Every attribute of `html`, entities decoded, and its text. */
function parse(html: string): {attributes: Attribute[]; text: string} {
  const attributes: Attribute[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(element, attrs) {
        for (const [name, value] of Object.entries(attrs)) attributes.push({element, name, value});
      },
      ontext(chunk) {
        text += chunk;
      },
    },
    {decodeEntities: true, lowerCaseAttributeNames: true},
  );
  parser.write(html);
  parser.end();
  return {attributes, text: text.replace(/\s+/g, ' ')};
}

/** A URL's scheme as a browser reads it: ASCII whitespace and control characters inside it are dropped. */
const schemeOf = (value: string) => /^([a-z][a-z\d+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();

/** The URL attributes of `html` whose address could run script or is not a web address: anything but http(s), mailto, relative, and data:image/ as an image's src. */
function unsafeAddresses(html: string): string[] {
  return parse(html)
    .attributes.filter(({element, name, value}) => {
      if (!['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'srcset'].includes(name)) return false;
      const scheme = schemeOf(value);
      if (scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto') return false;
      return !(element === 'img' && name === 'src' && /^data:image\//i.test(value.replace(/[\u0000-\u0020]/g, '')));
    })
    .map(({element, name, value}) => `<${element} ${name}="${value.slice(0, 60)}">`);
}

/** The `style` attributes of `html`. */
const stylesOf = (html: string) => parse(html).attributes.filter(({name}) => name === 'style').map(({value}) => value);

const HOSTILE_URLS: [string, unknown][] = [
  ['a javascript: URL', SCRIPT],
  ['a vbscript: URL', 'vbscript:msgbox(1)'],
  ['a data:text/html URL', 'data:text/html,<script>alert(1)</script>'],
  ['a data:image/ URL where a link goes', PNG],
  ['a blob: URL', 'blob:https://docs.example/0b5c6f0e'],
  ['a file: URL', 'file:///etc/passwd'],
  ['a scheme after spaces, in mixed case', '  JavaScript:alert(1)'],
  ['a scheme with a tab inside', 'java\tscript:alert(1)'],
  ['a scheme after a control character', '\u0001javascript:alert(1)'],
  ['a one-element array', [SCRIPT]],
  ['an object', {href: SCRIPT}],
  ['a number', 42],
];

test('kitSafeUrl keeps http(s), mailto and relative URLs (and images as data:image/), nothing else', () => {
  const table: [unknown, string | undefined, string | undefined][] = [
    // value, as a link, as an image
    ['https://example.com/terms', 'https://example.com/terms', 'https://example.com/terms'],
    ['HTTP://example.com/', 'HTTP://example.com/', 'HTTP://example.com/'],
    ['mailto:api@example.com', 'mailto:api@example.com', 'mailto:api@example.com'],
    ['/licence', '/licence', '/licence'],
    ['../guide.html', '../guide.html', '../guide.html'],
    ['#section/Authentication', '#section/Authentication', '#section/Authentication'],
    ['//cdn.example.com/logo.png', '//cdn.example.com/logo.png', '//cdn.example.com/logo.png'],
    ['', '', ''],
    [PNG, undefined, PNG],
    ['data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', undefined, 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'],
    [SCRIPT, undefined, undefined],
    ['  JavaScript:alert(1)', undefined, undefined],
    ['java\tscript:alert(1)', undefined, undefined],
    ['java\nscript:alert(1)', undefined, undefined],
    ['\u0001javascript:alert(1)', undefined, undefined],
    ['vbscript:msgbox(1)', undefined, undefined],
    ['data:text/html,<script>alert(1)</script>', undefined, undefined],
    [' data:text/html;base64,PHNjcmlwdD4=', undefined, undefined],
    ['blob:https://docs.example/0b5c6f0e', undefined, undefined],
    ['file:///etc/passwd', undefined, undefined],
    ['ftp://example.com/', undefined, undefined],
    [[SCRIPT], undefined, undefined],
    [['https://example.com/'], undefined, undefined],
    [{href: 'https://example.com/'}, undefined, undefined],
    [42, undefined, undefined],
    [null, undefined, undefined],
    [undefined, undefined, undefined],
  ];
  for (const [value, asLink, asImage] of table) {
    expect(kitSafeUrl(value), `kitSafeUrl(${JSON.stringify(value)})`).toBe(asLink);
    expect(kitSafeUrl(value, 'image'), `kitSafeUrl(${JSON.stringify(value)}, 'image')`).toBe(asImage);
  }
});

test('kitSafeColor keeps plain colours, nothing that could add a declaration or load a resource', () => {
  for (const colour of ['#fff', '#FFFA', '#123abc', '#123abc80', 'red', 'rebeccapurple', 'transparent', 'rgb(1, 2, 3)', 'rgba(1,2,3,.5)', 'rgb(10% 20% 30% / 50%)', 'hsl(120deg 50% 50%)', 'hsla(120, 50%, 50%, 0.5)']) {
    expect(kitSafeColor(colour), colour).toBe(colour);
  }
  for (const colour of [
    'red;position:fixed;inset:0',
    'red; background-image: url(https://x)',
    'url(https://x)',
    'var(--x)',
    'expression(alert(1))',
    'rgb(1, 2, 3);color:red',
    'rgb(1, 2, var(--x))',
    'rgb(1, 2)',
    '"red"',
    'red}body{display:none',
    'r\\65 d',
    '#12',
    'red blue',
    '',
    ['red'],
    {color: 'red'},
    255,
    null,
  ]) {
    expect(kitSafeColor(colour), JSON.stringify(colour)).toBeUndefined();
  }
});

for (const [name, url] of HOSTILE_URLS) {
  test(`${name} in every URL field reaches no href or src`, () => {
    const html = renderReference(specWith(url));
    expect(unsafeAddresses(html)).toEqual([]);
    const {attributes, text} = parse(html);
    // No attribute carries the payload in any form but as an e-mail address (mailto: makes any string one).
    const payloads = attributes.filter(({value}) => !value.startsWith('mailto:') && /script:|data:text|blob:|file:/i.test(value.replace(/[\u0000-\u0020]/g, '')));
    expect(payloads).toEqual([]);
    // The page did render, with what makes sense without the links.
    expect(text).toContain('Hostile API');
    expect(text).toContain('License: Licence');
    expect(text).toContain('Terms of Service');
    expect(text).toContain('Authorization URL:');
    expect(text).toContain('Connect URL:');
    expect(text).toContain('External example not shown');
    expect(text).toContain('External example, not loaded here: https://elsewhere.example/item.json');
    // No logo image without a safe image address; the data:image/ logo is the one that renders.
    expect(attributes.filter(({element, name: attribute}) => element === 'img' && attribute === 'src').map(({value}) => value)).toEqual(url === PNG ? [PNG] : []);
  });
}

test('$refs into components/examples bring no javascript: URL into a security scheme', () => {
  const html = renderReference(specWith('https://auth.example.com/authorize'));
  const {attributes, text} = parse(html);
  expect(unsafeAddresses(html)).toEqual([]);
  // The schemes under $ref render, their addresses as text only.
  expect(text).toContain('oauthViaRef');
  expect(text).toContain(`Authorization URL: ${SCRIPT}`);
  expect(text).toContain(`Connect URL: ${SCRIPT}`);
  expect(attributes.filter(({name}) => name === 'href').map(({value}) => value)).toContain('https://auth.example.com/authorize');
});

test('a logo’s background is a plain colour or nothing', () => {
  const logo = (backgroundColor: unknown) =>
    renderAlone(h(ApiLogo, {info: {title: 'API', version: '1', 'x-logo': {url: PNG, href: '/home', backgroundColor}} as never}));
  for (const colour of ['#123abc', 'rebeccapurple', 'rgb(1, 2, 3)']) {
    expect(stylesOf(logo(colour)), colour).toEqual([`background-color:${colour}`]);
  }
  for (const colour of ['red;position:fixed;inset:0', 'url(https://x)', 'var(--x)', 'red}body{display:none', ['red'], {color: 'red'}, 7]) {
    const html = logo(colour);
    expect(stylesOf(html), JSON.stringify(colour)).toEqual([]);
    expect(parse(html).attributes.filter(({element, name}) => element === 'img' && name === 'src').map(({value}) => value)).toEqual([PNG]);
  }
  // In the whole reference, too: no style of the page carries the payload.
  const html = renderReference(specWith('https://example.com/', {url: PNG, backgroundColor: 'red;position:fixed;inset:0'}));
  expect(stylesOf(html).filter((style) => /position|inset|url\(|;\s*[a-z-]+\s*:\s*(?:fixed|absolute)/i.test(style))).toEqual([]);
  expect(stylesOf(html)).not.toContain('background-color:red;position:fixed;inset:0');
});

test('legitimate addresses and colours still render', () => {
  const spec = specWith('https://example.com/docs', {url: PNG, href: '/home', backgroundColor: 'rebeccapurple'}) as unknown as {
    info: {termsOfService: string; license: {url: string}; contact: {url: string; email: string}};
    paths: Record<string, {get: {responses: Record<string, {content: Record<string, {examples: Record<string, {externalValue: string}>}>}>}}>;
  };
  spec.info.termsOfService = 'https://example.com/terms';
  spec.info.license.url = '/licence';
  spec.info.contact.url = 'https://example.com/support';
  spec.info.contact.email = 'api@example.com';
  spec.paths['/items']!.get.responses['200']!.content['application/json']!.examples.external!.externalValue = 'examples/item.json';
  const html = renderReference(spec as unknown as Spec);
  expect(unsafeAddresses(html)).toEqual([]);
  const {attributes, text} = parse(html);
  const hrefs = attributes.filter(({name}) => name === 'href').map(({value}) => value);
  for (const href of [
    'https://example.com/terms',
    '/licence',
    'https://example.com/support',
    'mailto:api@example.com',
    '/home',
    'https://example.com/docs',
    // An external example's link, resolved against the spec's URL.
    'https://docs.example/api/examples/item.json',
    'https://elsewhere.example/item.json',
  ]) {
    expect(hrefs, href).toContain(href);
  }
  expect(attributes).toContainEqual({element: 'img', name: 'src', value: PNG});
  expect(stylesOf(html)).toContain('background-color:rebeccapurple');
  expect(text).toContain('URL: https://example.com/support');
  expect(text).toContain('Support: api@example.com');
  // The OAuth and OpenID Connect addresses are links with their text.
  expect(parse(html).attributes.filter(({element, name, value}) => element === 'a' && name === 'href' && value === 'https://example.com/docs').length).toBeGreaterThanOrEqual(6);
});

test('an external example is fetched only from the page’s own origin, and never on the server', async () => {
  const parser = new OpenAPIParser(specWith('https://example.com/'), SPEC_URL);
  const example = (externalValue: unknown) => new ExampleModel(parser, {externalValue} as never, 'application/json');
  const sameOrigin = example('examples/item.json');
  const crossOrigin = example('https://elsewhere.example/item.json');
  const script = example(SCRIPT);
  expect(sameOrigin.externalValueUrl).toBe('https://docs.example/api/examples/item.json');
  expect(crossOrigin.externalValueUrl).toBe('https://elsewhere.example/item.json');
  expect(script.externalValueUrl).toBeUndefined();
  // A relative value without a spec URL to resolve it against stays relative (Redoc threw).
  expect(new ExampleModel(new OpenAPIParser(specWith('https://example.com/')), {externalValue: 'item.json'} as never, 'application/json').externalValueUrl).toBe('item.json');

  const fetched: string[] = [];
  const globals = globalThis as unknown as {fetch: typeof fetch; window?: unknown; location?: unknown};
  const {fetch: originalFetch} = globals;
  globals.fetch = (async (input: string) => {
    fetched.push(String(input));
    return new Response('{"id": 1}', {status: 200});
  }) as typeof fetch;
  const render = (model: ExampleModel) => parse(renderAlone(h(Example, {example: model, mimeType: 'application/json'})));
  try {
    // The server: nothing is fetched, the link alone is shown.
    await expect(sameOrigin.getExternalValue('application/json')).rejects.toThrow();
    expect(render(sameOrigin).text).toContain('External example, not loaded here: https://docs.example/api/examples/item.json');
    expect(fetched).toEqual([]);

    // A browser on the spec's site: the same origin only.
    globals.window = globalThis;
    globals.location = new URL('https://docs.example/api/reference');
    await expect(crossOrigin.getExternalValue('application/json')).rejects.toThrow();
    await expect(script.getExternalValue('application/json')).resolves.toBeUndefined();
    expect(await sameOrigin.getExternalValue('application/json')).toEqual({id: 1});
    expect(fetched).toEqual(['https://docs.example/api/examples/item.json']);
    // What the browser renders first: the fetched example loading, the other one's link alone.
    expect(render(sameOrigin).text).toBe('Loading...');
    const other = render(crossOrigin);
    expect(other.text).toContain('External example, not loaded here: https://elsewhere.example/item.json');
    expect(other.attributes).toContainEqual({element: 'a', name: 'href', value: 'https://elsewhere.example/item.json'});
    const unsafe = render(script);
    expect(unsafe.text).toContain('External example not shown');
    expect(unsafe.attributes.filter(({name}) => name === 'href')).toEqual([]);
  } finally {
    globals.fetch = originalFetch;
    delete globals.window;
    delete globals.location;
  }
});
