/**
 * SITE_URL and BASE_URL (scripts/build/siteAddress.ts): the values a deployment passes, the defaults,
 * and a clear error naming the variable for each kind of bad value. Node only.
 */
import {expect, test} from '@playwright/test';
import {DEFAULT_BASE_URL, DEFAULT_SITE_URL, siteAddress} from '../../scripts/build/siteAddress';

test('unset or empty variables give the defaults', () => {
  expect(siteAddress({})).toEqual({url: DEFAULT_SITE_URL, baseUrl: DEFAULT_BASE_URL});
  expect(siteAddress({SITE_URL: '', BASE_URL: ''})).toEqual({url: DEFAULT_SITE_URL, baseUrl: '/'});
});

test('a GitHub project page: the origin and the repository path', () => {
  expect(siteAddress({SITE_URL: 'https://owner.github.io', BASE_URL: '/redocusaurus/'})).toEqual({
    url: 'https://owner.github.io',
    baseUrl: '/redocusaurus/',
  });
  // An origin written with its trailing slash is the same origin; a port stays.
  expect(siteAddress({SITE_URL: 'http://127.0.0.1:3000/'}).url).toBe('http://127.0.0.1:3000');
  expect(siteAddress({BASE_URL: '/a/b-c/'}).baseUrl).toBe('/a/b-c/');
});

for (const value of ['redocusaurus/', '/redocusaurus', 'redocusaurus', '//', '/a//b/', '/a b/', '/a/?x=1/', '/#/']) {
  test(`BASE_URL ${JSON.stringify(value)} is refused`, () => {
    expect(() => siteAddress({BASE_URL: value})).toThrow(
      `BASE_URL must be a path that starts and ends with "/", such as / or /redocusaurus/, without a query, a fragment or an empty segment; got ${JSON.stringify(value)}.`,
    );
  });
}

test('SITE_URL must be an http(s) origin without a path', () => {
  expect(() => siteAddress({SITE_URL: 'owner.github.io'})).toThrow(
    'SITE_URL must be an absolute URL such as https://owner.github.io; got "owner.github.io".',
  );
  expect(() => siteAddress({SITE_URL: 'ftp://owner.github.io'})).toThrow('SITE_URL must be an http or https URL');
  expect(() => siteAddress({SITE_URL: 'https://owner.github.io/redocusaurus/'})).toThrow(
    'SITE_URL must be an origin without a path, such as https://owner.github.io; put the path in BASE_URL ("https://owner.github.io/redocusaurus/" has "/redocusaurus/").',
  );
  expect(() => siteAddress({SITE_URL: 'https://owner.github.io/?preview=1'})).toThrow('SITE_URL must be an origin without a path');
  expect(() => siteAddress({SITE_URL: 'https://user:secret@owner.github.io'})).toThrow(
    'SITE_URL must not hold a user name or password.',
  );
});
