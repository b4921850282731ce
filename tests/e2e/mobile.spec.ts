import {test, expect, pageHeading} from './fixtures';

const sidebarShown = (page: import('@playwright/test').Page) => page.locator('nav.navbar.navbar-sidebar--show');

test.describe('at 996 px the navbar becomes a slide-in sidebar', () => {
  test.use({viewport: {width: 996, height: 800}});

  test('the hamburger opens it and "Back to main menu" returns to the main menu', async ({page, problems}) => {
    await page.goto('/webhooks/overview');
    const hamburger = page.getByRole('button', {name: 'Toggle navigation bar'});
    await expect(hamburger).toBeVisible();
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
    await hamburger.click();
    await expect(sidebarShown(page)).toHaveCount(1);
    const panel = page.locator('.navbar-sidebar');
    // On a guide the sidebar opens on the guide menu, with a way back to the main menu.
    await expect(panel.getByRole('link', {name: 'Signature verification'})).toBeVisible();
    await panel.getByRole('button', {name: /Back to main menu/}).click();
    await expect(panel.getByRole('link', {name: 'API Reference'})).toBeVisible();
    await expect(panel.getByRole('link', {name: /^Status/})).toBeVisible();
    await panel.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(sidebarShown(page)).toHaveCount(0);
    void problems;
  });

  test('browser back and forward close it', async ({page, problems, baseURL}) => {
    await page.goto('/');
    await page.locator('nav[aria-label="Docs sidebar"], .navbar-sidebar').first().waitFor({state: 'attached'});
    // Build history: / then /sandbox/ by a client-side link, then back to /.
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await page.locator('.navbar-sidebar').getByRole('link', {name: 'Sandbox', exact: true}).click();
    await expect(page).toHaveURL(`${baseURL}/sandbox/`);
    await expect(sidebarShown(page)).toHaveCount(0);

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebarShown(page)).toHaveCount(1);
    await page.evaluate(() => history.back());
    await expect(sidebarShown(page)).toHaveCount(0);
    // The pop only closed the sidebar: the reader is still on the page they were reading.
    await expect(pageHeading(page)).toHaveText('Sandbox');

    await page.evaluate(() => history.back());
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebarShown(page)).toHaveCount(1);
    await page.evaluate(() => history.forward());
    await expect(sidebarShown(page)).toHaveCount(0);
    void problems;
  });
});

test.describe('at 997 px there is no mobile sidebar', () => {
  test.use({viewport: {width: 997, height: 800}});

  test('no hamburger, the desktop sidebar and navbar links show', async ({page, problems}) => {
    await page.goto('/webhooks/overview');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await expect(page.locator('nav.navbar').getByRole('link', {name: 'API Reference'})).toBeVisible();
    await expect(sidebarShown(page)).toHaveCount(0);
    void problems;
  });
});
