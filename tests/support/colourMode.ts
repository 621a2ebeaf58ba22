import type {Page} from '@playwright/test';

/** The navbar's colour mode switch (its accessible name reads "Switch between dark and light mode …"). */
export const colourModeToggle = (page: Page) => page.getByRole('button', {name: /dark and light mode/});

/**
 * Switches the open page to dark mode: with the toggle, the reader's way, when it is on screen;
 * otherwise (the debug pages have none, phones keep it in the closed menu) by storing the choice
 * and reloading, as a returning reader arrives.
 */
export async function switchToDark(page: Page): Promise<void> {
  const toggle = colourModeToggle(page);
  if (await toggle.isVisible()) {
    await toggle.click();
  } else {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
  }
}
