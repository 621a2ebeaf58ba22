import type {Page} from '@playwright/test';
import {mobileMenu, mobileMenuButton, mobileMenuCloseButton} from './mobileMenu';

/** The navbar's colour mode switch (its accessible name reads "Switch between dark and light mode …"). */
export const colourModeToggle = (page: Page) => page.getByRole('button', {name: /dark and light mode/});

/**
 * Switches the open, hydrated page to dark mode the reader's way: with the navbar's switch; on
 * a phone with the one in the header of the mobile menu. The debug pages have neither, so there
 * the choice is stored and the page reloaded, as a returning reader arrives.
 */
export async function switchToDark(page: Page): Promise<void> {
  const toggle = colourModeToggle(page);
  if (await toggle.isVisible()) {
    await toggle.click();
  } else if (await mobileMenuButton(page).isVisible()) {
    await mobileMenuButton(page).click();
    await toggle.click();
    await mobileMenuCloseButton(page).click();
    await mobileMenu(page).waitFor({state: 'hidden'});
  } else {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
  }
}
