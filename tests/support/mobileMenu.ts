import type {Page} from '@playwright/test';

// The navbar's mobile menu, used at 996 px and below (§9).
/** The hamburger button that opens the menu. */
export const mobileMenuButton = (page: Page) => page.locator('.navbar__toggle');
/** The menu panel: main menu, or the docs sidebar on docs pages. */
export const mobileMenu = (page: Page) => page.locator('.navbar-sidebar');
/** The menu's own close button, in its header. */
export const mobileMenuCloseButton = (page: Page) => page.locator('.navbar-sidebar__close');
