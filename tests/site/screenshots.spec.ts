import {expect, test, type Page} from '@playwright/test';
import {switchToDark} from '../support/colourMode';
import {waitForHydration} from '../support/pageErrors';

/**
 * Evidence for a person to look at: full-page screenshots of a page of each kind, in both colour
 * modes, at a laptop and a phone width. They are written to test-results/ (uploaded by CI, never
 * committed). The checks make sure each picture shows what its name says.
 */
const PAGES = {
  home: '/',
  docs: '/docs/getting-started/Installation',
  api: '/examples/using-single-yaml/',
} as const;
const WIDTHS = {desktop: 1280, phone: 375} as const;
const MODES = ['light', 'dark'] as const;

/** A JPEG is at most this tall: a taller page is taken as PNG. */
const JPEG_MAX_HEIGHT = 65_535;

/** Width and height of a PNG (its header chunk) or a JPEG (its start-of-frame segment). */
function imageSize(image: Buffer): {width: number; height: number} {
  if (image.subarray(1, 4).toString('latin1') === 'PNG') return {width: image.readUInt32BE(16), height: image.readUInt32BE(20)};
  return jpegSize(image);
}

function jpegSize(jpeg: Buffer): {width: number; height: number} {
  // Segments after the SOI marker: 0xFF, a marker byte, a 2-byte length that counts itself.
  for (let offset = 2; offset + 9 < jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    const marker = jpeg[offset + 1];
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) return {height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7)};
  }
  throw new Error('not a JPEG with a start-of-frame segment');
}

/**
 * Scrolls each section of an API reference into view once, as a reader who has read the whole
 * page. Until then the browser skips the sections it has not shown and sizes each by a generous
 * guess (reference-kit/reference/ReferenceSection.module.css), which makes the page taller than a JPEG
 * can be; once shown, a section keeps its real size.
 */
async function showEverySection(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const section of Array.from(document.querySelectorAll('.api-content > [data-section-id]'))) {
      section.scrollIntoView();
      await nextFrame();
    }
    window.scrollTo(0, 0);
    await nextFrame();
  });
}

for (const [pageName, route] of Object.entries(PAGES)) {
  for (const [widthName, width] of Object.entries(WIDTHS)) {
    test(`${pageName} page at ${width} px, light and dark`, async ({page}, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({width, height: 900});
      for (const mode of MODES) {
        if (mode === 'light') await page.goto(route); // A first visit is light.
        else await switchToDark(page);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await page.waitForLoadState('networkidle');
        if (mode === 'light') await showEverySection(page);

        const {scrollWidth, scrollHeight} = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
        }));
        // JPEG: encoding a 25,000 px tall Redoc page as PNG takes twice as long, for a picture
        // that is only looked at; PNG for a page taller than a JPEG can be (the pet store at 375 px).
        const type = scrollHeight > JPEG_MAX_HEIGHT ? 'png' : 'jpeg';
        const file = testInfo.outputPath(`${pageName}-${mode}-${widthName}.${type === 'png' ? 'png' : 'jpg'}`);
        const picture = await page.screenshot({path: file, fullPage: true, animations: 'disabled', type, ...(type === 'jpeg' && {quality: 80})});
        expect(scrollWidth, 'no horizontal page scroll').toBeLessThanOrEqual(width);
        // The picture is the whole page at the viewport's width, not just its first screen.
        const size = imageSize(picture);
        expect(size.width).toBe(width);
        expect(size.height).toBeGreaterThan(900);
        expect(Math.abs(size.height - scrollHeight), `${size.height} px tall, page ${scrollHeight} px`).toBeLessThanOrEqual(
          scrollHeight * 0.02,
        );
      }
    });
  }
}
