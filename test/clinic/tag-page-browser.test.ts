// The lost-pet tag page as a finder sees it: /p/{slug} rendered by headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core, which downloads no browser of its own) on a
// 375-pixel-wide phone screen. The photo loads, the lost banner and the call button are on the
// first screen, nothing overflows sideways, and every request the page makes stays on its origin
// (the Content-Security-Policy says the same, and the browser reports no violation).
import { existsSync } from 'node:fs';
import test from 'ava';
import { chromium, type Browser } from 'playwright-core';
import { DIALECTS } from '../helpers/db.js';
import { world } from './owner-health/fixtures.js';
import { bootPhotos, putPhoto } from './pet-photos/fixtures.js';
import { jpegWithGps } from './pet-photos/images.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREEN = { width: 375, height: 667 };

async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; .ci/run does).`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] /p/{slug} at 375 px: photo loaded, lost banner and call button visible, same-origin only`, async (t) => {
    const env = await bootPhotos(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    const as = { token: owner.token };
    const profile = `/api/v1/owner/me/pets/${petId}/public-profile`;
    await app.clinic.post(profile, { owner_contact_phone: '+91 98450 00000', reward_notes: 'Treats!' }, as);
    const slug = (await app.clinic.post(`${profile}/lost`, undefined, as)).body.data.slug;
    const upload = await putPhoto(app, `/api/v1/owner/me/pets/${petId}/photo`, owner.token, {
      bytes: await jpegWithGps(),
    });
    t.is(upload.status, 200);

    const browser = await launch();
    t.teardown(() => browser.close());
    const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const failed: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${message.text()} @ ${message.location().url}`);
    });
    page.on('response', (res) => res.status() >= 400 && failed.push(new URL(res.url()).pathname));
    page.on('pageerror', (err) => problems.push(err.message));

    const origin = new URL(app.clinic.baseUrl).origin;
    const response = await page.goto(`${origin}/p/${slug}`, { waitUntil: 'load' });
    t.is(response?.status(), 200);

    const csp = (await response!.allHeaders())['content-security-policy'];
    t.truthy(csp, 'the page sets a Content-Security-Policy');
    t.regex(csp, /default-src 'none'/);
    t.notRegex(csp, /https?:|\*|script-src/, 'no other origin and no script allowed');

    const photo = page.locator('img.photo');
    t.true(await photo.isVisible());
    // (The callbacks run in the page; the test's TypeScript has no DOM types, hence `any`.)
    const natural = await photo.evaluate((img: any) => [img.complete, img.naturalWidth]);
    t.deepEqual(natural[0], true);
    t.true(Number(natural[1]) > 0, 'the photo decoded');

    for (const selector of ['.lost', 'a.call']) {
      const element = page.locator(selector);
      t.true(await element.isVisible(), `${selector} is visible`);
      const box = (await element.boundingBox())!;
      t.true(box.x >= 0 && box.x + box.width <= SCREEN.width, `${selector} fits the screen's width`);
      t.true(box.y >= 0 && box.y + box.height <= SCREEN.height, `${selector} is on the first screen`);
    }
    t.is(await page.locator('a.call').getAttribute('href'), 'tel:+919845000000');
    t.true(
      await page
        .locator('.lost')
        .innerText()
        .then((text) => text.includes('I am lost')),
    );
    t.true(
      await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
      'nothing overflows sideways',
    );

    t.is(await page.locator('script').count(), 0);
    t.is(await page.locator('link[rel="stylesheet"]').count(), 0);
    t.true(requests.length >= 2, 'the page and its photo');
    t.deepEqual(
      requests.filter((url) => new URL(url).origin !== origin),
      [],
      'every request stays on the page’s origin',
    );
    t.true(requests.some((url) => url.startsWith(`${origin}/p/${slug}/photo?v=`)));
    t.deepEqual(failed, [], 'nothing failed to load');
    // The browser asks for /favicon.ico by itself (same origin); the service has none: a 404.
    t.deepEqual(
      problems.filter((text) => !text.endsWith(`@ ${origin}/favicon.ico`)),
      [],
      'no console error (a CSP violation would be one)',
    );
  });
}
