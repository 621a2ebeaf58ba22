/** The live ApiSchema examples of the schema imports guide render what the specs define. */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {singleYamlSpec, swaggerSpec} from './helpers';

const ROUTE = '/docs/guides/schema-imports';

const single = singleYamlSpec();
const petFields = Object.keys(single.components.schemas.Pet.properties);
const orderProperties: Record<string, {writeOnly?: boolean; readOnly?: boolean}> = single.components.schemas.Order.properties;
const orderFields = Object.keys(orderProperties);
const writeOnlyOrderFields = orderFields.filter((field) => orderProperties[field].writeOnly);
const tagFields = Object.keys(swaggerSpec().definitions.Tag.properties);

function demo(page: Page, name: string): Locator {
  return page.locator(`[data-demo="${name}"] .redocusaurus-schema`);
}

/** Redoc's sample panel: the second column of the schema row (hidden by CSS unless `example` is set). */
function samplePanel(block: Locator): Locator {
  return block.locator(':scope > div > div > div:nth-child(2)');
}

/** A property name cell of a Redoc schema table. */
function field(block: Locator, name: string): Locator {
  return block.locator('td', {hasText: new RegExp(`^\\s*${name}\\s*(required)?\\s*$`)}).first();
}

test.beforeAll(() => {
  expect(petFields).toEqual(expect.arrayContaining(['name', 'photoUrls']));
  expect(writeOnlyOrderFields.length, 'Order has a write-only field to show').toBeGreaterThan(0);
  expect(tagFields.length).toBeGreaterThan(0);
});

// One visit with every check as a step: the page hydrates four Redoc schema components, which
// costs seconds on 2 cores.
test('schema imports, in the browser', async ({page}) => {
  await page.goto(ROUTE);

  await test.step('the Pet schema lists every Pet field, without the example panel', async () => {
    const block = demo(page, 'pet');
    await expect(block).toHaveCount(1);
    await expect(block).toHaveClass(/hide-example/);
    for (const name of petFields) await expect(field(block, name), name).toBeVisible();
    await expect(samplePanel(block)).toBeHidden();
  });

  await test.step('`example` shows the sample panel next to the Order fields', async () => {
    const block = demo(page, 'order-example');
    await expect(block).not.toHaveClass(/hide-example/);
    const panel = samplePanel(block);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('"petId"');
    for (const name of orderFields.filter((field) => !writeOnlyOrderFields.includes(field))) {
      await expect(field(block, name), name).toBeVisible();
    }
    for (const name of writeOnlyOrderFields) await expect(field(block, name), name).toHaveCount(0);
  });

  await test.step('`showWriteOnly` adds the write-only Order fields', async () => {
    const block = demo(page, 'order-write-only');
    for (const name of writeOnlyOrderFields) await expect(field(block, name), name).toBeVisible();
    await expect(samplePanel(block)).toBeHidden();
  });

  await test.step('`id` picks the Swagger 2.0 spec, converted to OpenAPI 3', async () => {
    const block = demo(page, 'swagger-tag');
    for (const name of tagFields) await expect(field(block, name), name).toBeVisible();
  });
});

test.describe('schema imports, without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the schemas are in the HTML built by the server', async ({page}) => {
    await page.goto(ROUTE);
    const block = demo(page, 'pet');
    for (const name of petFields) await expect(block).toContainText(name);
  });
});
