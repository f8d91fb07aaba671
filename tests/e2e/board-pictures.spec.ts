import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ImageShape } from '../../shared/model';
import { canvasOrigin, newContext, openBoard, settled, shapes, shot, startBoardIn } from './board-fixtures';
import { twoPagePdf } from '../helpers/pdf';
import { useServer } from './support/suite';

/**
 * Pictures on the board (issue 27; board.md §2, §4, §5): the toolbox's Upload opens the file
 * picker (its key U: tests/unit/sdk/actions.test.ts), the picture lands on the view with its progress shown and is drawn for a second
 * browser; a file dropped on the canvas lands at the drop point; a file of another type gets the
 * spec's message and nothing is added. A PDF becomes a document shape with a page menu. Upload
 * via URL fetches from a web server on this machine (allowed here by FETCH_PRIVATE_HOSTS, as an
 * operator may; by default the server fetches public addresses only, docs/security.md).
 */
const server = useServer({ FETCH_PRIVATE_HOSTS: 'true' });

/** A PNG of one colour, `w`×`h`. */
const png = (w: number, h: number, rgb: { r: number; g: number; b: number }) =>
  sharp({ create: { width: w, height: h, channels: 3, background: rgb } })
    .png()
    .toBuffer();

/** The colour a person sees at a board point (from a screenshot of the page). */
async function colourAt(page: Page, x: number, y: number): Promise<number[]> {
  const o = await canvasOrigin(page);
  const screen = await page.evaluate(([bx, by]) => window.tabula!.editor.toScreen(bx!, by!), [x, y]);
  const body = await page.screenshot({ clip: { x: o.x + screen.x - 1, y: o.y + screen.y - 1, width: 3, height: 3 } });
  const { data } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[12]!, data[13]!, data[14]!];
}

type Files = Parameters<Page['setInputFiles']>[1];

/**
 * The toolbox's Upload, then the files chosen in the picker. The picker is the input the button
 * puts in the page; if the browser's chooser event does not come (seen once under CI load), the
 * files are set on that input, as the picker would.
 */
async function upload(page: Page, files: Files): Promise<void> {
  const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
  await page.getByRole('toolbar', { name: 'Tools' }).getByRole('button', { name: 'Upload', exact: true }).click();
  const opened = await chooser;
  if (opened) await opened.setFiles(files);
  else await page.locator('input[type=file]').setInputFiles(files);
}

const isRed = (c: number[]) => c[0]! > 200 && c[1]! < 60 && c[2]! < 60;
const isBlue = (c: number[]) => c[2]! > 200 && c[0]! < 60 && c[1]! < 60;

test('the upload tool puts a picture on the board; a second browser sees it; a dropped file lands where it is dropped', async ({
  browser,
}) => {
  const owner = await (await newContext(browser)).newPage();
  const code = await startBoardIn(owner, server);

  // the picker; a file of another type is refused with the spec's message
  await upload(owner, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(owner.getByText('"notes.txt" file type is not supported')).toBeVisible();
  expect(await shapes(owner)).toHaveLength(0);

  // the toolbox's Upload button: a red 400×300 picture lands on the view, selected
  await upload(owner, { name: 'red.png', mimeType: 'image/png', buffer: await png(400, 300, { r: 230, g: 20, b: 20 }) });
  await expect.poll(async () => (await shapes(owner)).filter((s) => s.cmd === 'image').length, { timeout: 20_000 }).toBe(1);
  const [picture] = (await shapes(owner)) as ImageShape[];
  expect(picture).toMatchObject({ cmd: 'image', w: 400, h: 300 });
  expect(picture!.resource).toMatch(/^[0-9a-f-]{36}$/);
  await settled(owner);
  const middle = { x: picture!.x + picture!.w / 2, y: picture!.y + picture!.h / 2 };
  await expect.poll(() => colourAt(owner, middle.x, middle.y).then(isRed), { timeout: 15_000 }).toBe(true);

  // its context menu downloads the original, named after the upload
  const o = await canvasOrigin(owner);
  const onScreen = await owner.evaluate(([x, y]) => window.tabula!.editor.toScreen(x!, y!), [middle.x, middle.y]);
  await owner.mouse.click(o.x + onScreen.x, o.y + onScreen.y, { button: 'right' });
  const download = owner.waitForEvent('download');
  await owner.getByRole('menuitem', { name: 'Download original' }).click();
  expect((await download).suggestedFilename()).toBe('red.png');

  // a second browser on the board sees the picture's pixels
  const viewer = await (await newContext(browser, { name: 'Viewer' })).newPage();
  await openBoard(viewer, server, code);
  await viewer.evaluate(([x, y]) => window.tabula!.editor.showRect({ x: x! - 300, y: y! - 200, w: 600, h: 400 }, 0), [middle.x, middle.y]);
  await expect.poll(() => colourAt(viewer, middle.x, middle.y).then(isRed), { timeout: 15_000 }).toBe(true);
  await shot(viewer, 'pictures-second-browser');

  // a blue picture dropped on the canvas lands centred on the drop point
  const drop = { x: 300, y: 600 };
  const blue = (await png(200, 100, { r: 20, g: 20, b: 230 })).toString('base64');
  await owner.evaluate(
    async ([data, sx, sy]) => {
      const bytes = Uint8Array.from(atob(data as string), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'blue.png', { type: 'image/png' }));
      const canvas = document.querySelector('canvas[data-tabula-canvas]')!;
      const rect = canvas.getBoundingClientRect();
      const at = {
        clientX: rect.left + (sx as number),
        clientY: rect.top + (sy as number),
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
      };
      canvas.dispatchEvent(new DragEvent('dragover', at));
      canvas.dispatchEvent(new DragEvent('drop', at));
    },
    [blue, drop.x, drop.y],
  );
  await expect.poll(async () => (await shapes(owner)).filter((s) => s.cmd === 'image').length, { timeout: 20_000 }).toBe(2);
  const dropped = ((await shapes(owner)) as ImageShape[]).find((s) => s.id !== picture!.id)!;
  const dropPoint = await owner.evaluate(([sx, sy]) => window.tabula!.editor.toBoard(sx!, sy!), [drop.x, drop.y]);
  expect(Math.abs(dropped.x + dropped.w / 2 - dropPoint.x)).toBeLessThan(2);
  expect(Math.abs(dropped.y + dropped.h / 2 - dropPoint.y)).toBeLessThan(2);
  await expect.poll(() => colourAt(owner, dropPoint.x, dropPoint.y).then(isBlue), { timeout: 15_000 }).toBe(true);
  await shot(owner, 'pictures-owner');

  // the PNG export draws the pictures' pixels (the board's export, as the Export menu makes it)
  const dataUrl = await owner.evaluate(() => window.tabula!.editor.exportImage('png'));
  const exported = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64'))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const area = await owner.evaluate(() => {
    const all = window.tabula!.editor.getShapes();
    return { x: Math.min(...all.map((s) => (s as ImageShape).x)) - 30, y: Math.min(...all.map((s) => (s as ImageShape).y)) - 30 };
  });
  const at = (x: number, y: number) => {
    const i = (Math.round(y - area.y) * exported.info.width + Math.round(x - area.x)) * 3;
    return [exported.data[i]!, exported.data[i + 1]!, exported.data[i + 2]!];
  };
  expect(isRed(at(middle.x, middle.y))).toBe(true);
  expect(isBlue(at(dropPoint.x, dropPoint.y))).toBe(true);
});

test('a PDF shows its first page with a page menu: next and previous are clamped, a typed page out of range reverts', async ({
  browser,
}) => {
  const page = await (await newContext(browser)).newPage();
  await startBoardIn(page, server);
  await upload(page, { name: 'slides.pdf', mimeType: 'application/pdf', buffer: twoPagePdf() });
  await expect.poll(async () => (await shapes(page)).length, { timeout: 20_000 }).toBe(1);
  expect((await shapes(page))[0]).toMatchObject({ cmd: 'image', page: { current: 1, total: 2 } });
  const menu = page.getByRole('group', { name: 'Page' });
  const field = menu.getByRole('textbox', { name: 'Page (1 to 2)' });
  await expect(field).toHaveValue('1');
  await expect(menu.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await menu.getByRole('button', { name: 'Next page' }).click();
  await expect(field).toHaveValue('2');
  await expect(menu.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(((await shapes(page))[0] as ImageShape).page).toEqual({ current: 2, total: 2 });
  await field.fill('5');
  await field.press('Enter');
  await expect(field).toHaveValue('2');
  await field.fill('1');
  await field.press('Enter');
  await expect.poll(async () => ((await shapes(page))[0] as ImageShape).page?.current).toBe(1);
  await settled(page);
  await shot(page, 'pictures-pdf-page-menu');

  // the SVG export of two shapes of one PDF showing pages 1 and 2 carries two different pictures
  await page.evaluate(() => {
    const [pdf] = window.tabula!.editor.getShapes() as ImageShape[];
    window.tabula!.editor.addShapes([{ ...pdf!, id: 'second-page', x: pdf!.x + pdf!.w + 40, page: { current: 2, total: 2 } }]);
  });
  const svg = decodeURIComponent((await page.evaluate(() => window.tabula!.editor.exportImage('svg'))).split(',')[1]!);
  const hrefs = [...svg.matchAll(/href="(data:image\/png[^"]+)"/g)].map((m) => m[1]);
  expect(hrefs).toHaveLength(2);
  expect(hrefs[0]).not.toBe(hrefs[1]);
});

test('upload via URL: the main menu opens the dialog; an address that does not parse or cannot be fetched says so; a picture lands, selected', async ({
  browser,
}) => {
  const green = await png(240, 160, { r: 20, g: 200, b: 40 });
  const site = http.createServer((req, res) => {
    if (req.url === '/green.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(green);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const page = await (await newContext(browser)).newPage();
    await startBoardIn(page, server);
    await page.getByRole('button', { name: 'Main menu' }).click();
    await page.getByRole('menuitem', { name: 'Upload via URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload via URL' });
    const field = dialog.getByRole('textbox', { name: 'Address of a picture or a PDF' });
    const send = dialog.getByRole('button', { name: 'Upload' });
    await expect(field).toBeFocused();
    await expect(send).toBeDisabled();
    await field.fill('   ');
    await expect(send).toBeDisabled();
    await field.fill('not a url');
    await field.press('Enter');
    await expect(dialog.getByText('Invalid URL')).toBeVisible();
    await field.fill(`${base}/missing.png`);
    await send.click();
    await expect(dialog.getByText('Error downloading file from the URL')).toBeVisible();
    await shot(page, 'pictures-upload-url-error');
    expect(await shapes(page)).toHaveLength(0);
    await field.fill(`${base}/green.png`);
    await send.click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const [picture] = (await shapes(page)) as ImageShape[];
    expect(picture).toMatchObject({ cmd: 'image', w: 240, h: 160 });
    expect(await page.evaluate(() => window.tabula!.editor.selection)).toEqual([picture!.id]);
    await settled(page);
    await expect
      .poll(() => colourAt(page, picture!.x + 120, picture!.y + 80).then((c) => c[1]! > 170 && c[0]! < 60), { timeout: 15_000 })
      .toBe(true);
    await shot(page, 'pictures-upload-url');
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

test('a picture copied on one board and pasted on another is a copy of its own there, drawn', async ({ browser }) => {
  const context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const a = await context.newPage();
  await startBoardIn(a, server);
  await upload(a, { name: 'red.png', mimeType: 'image/png', buffer: await png(200, 120, { r: 230, g: 20, b: 20 }) });
  await expect.poll(async () => (await shapes(a)).length, { timeout: 20_000 }).toBe(1);
  const [original] = (await shapes(a)) as ImageShape[];
  // the upload leaves the picture selected: Ctrl+C copies it
  await a.keyboard.press('Control+c');

  const b = await context.newPage();
  await startBoardIn(b, server);
  const o = await canvasOrigin(b);
  await b.mouse.move(o.x + 640, o.y + 400, { steps: 3 });
  await b.keyboard.press('Control+v');
  await expect.poll(async () => (await shapes(b)).length, { timeout: 20_000 }).toBe(1);
  const [pasted] = (await shapes(b)) as ImageShape[];
  expect(pasted!.resource).toMatch(/^[0-9a-f-]{36}$/);
  expect(pasted!.resource).not.toBe(original!.resource);
  await settled(b);
  await expect.poll(() => colourAt(b, pasted!.x + pasted!.w / 2, pasted!.y + pasted!.h / 2).then(isRed), { timeout: 15_000 }).toBe(true);
  await context.close();
});

test("replace image: the picture's menu takes a new picture, keeping place and width; a PDF is not an image", async ({ browser }) => {
  const page = await (await newContext(browser)).newPage();
  await startBoardIn(page, server);
  await upload(page, { name: 'red.png', mimeType: 'image/png', buffer: await png(400, 300, { r: 230, g: 20, b: 20 }) });
  await expect.poll(async () => (await shapes(page)).length, { timeout: 20_000 }).toBe(1);
  const [before] = (await shapes(page)) as ImageShape[];
  const middle = { x: before!.x + 200, y: before!.y + 100 };
  const o = await canvasOrigin(page);
  const replaceWith = async (file: Files) => {
    const onScreen = await page.evaluate(([x, y]) => window.tabula!.editor.toScreen(x!, y!), [middle.x, middle.y]);
    await page.mouse.click(o.x + onScreen.x, o.y + onScreen.y, { button: 'right' });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Replace image' }).click();
    await (await chooser).setFiles(file);
  };

  await replaceWith({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: twoPagePdf() });
  await expect(page.getByText('"slides.pdf" is not an image')).toBeVisible();

  await replaceWith({ name: 'blue.png', mimeType: 'image/png', buffer: await png(200, 100, { r: 20, g: 20, b: 230 }) });
  await expect.poll(async () => ((await shapes(page))[0] as ImageShape).resource, { timeout: 20_000 }).not.toBe(before!.resource);
  const [after] = (await shapes(page)) as ImageShape[];
  expect(after).toMatchObject({ id: before!.id, x: before!.x, y: before!.y, w: 400, h: 200 });
  await settled(page);
  await expect.poll(() => colourAt(page, middle.x, middle.y).then(isBlue), { timeout: 15_000 }).toBe(true);
  // one undo brings the red picture back
  await page.keyboard.press('Control+z');
  await expect.poll(async () => ((await shapes(page))[0] as ImageShape).resource).toBe(before!.resource);
  expect(((await shapes(page))[0] as ImageShape).h).toBe(300);
});

test('a picture larger than the view asks how to send it: Cancel sends nothing; 50% with compression sends a JPEG of half the size', async ({
  browser,
}) => {
  const page = await (await newContext(browser)).newPage();
  await startBoardIn(page, server);
  const big = await png(3000, 2000, { r: 230, g: 20, b: 20 });

  await upload(page, { name: 'big.png', mimeType: 'image/png', buffer: big });
  const dialog = page.getByRole('dialog', { name: 'Downsize images' });
  await expect(dialog.getByText('This picture is larger than your view.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Current View' })).toBeChecked();
  await shot(page, 'pictures-downsize-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await shapes(page)).toHaveLength(0);

  await upload(page, { name: 'big.png', mimeType: 'image/png', buffer: big });
  await dialog.getByRole('radio', { name: '50% of Original' }).check();
  await dialog.getByRole('checkbox', { name: 'Compress (JPEG)' }).check();
  const quality = dialog.getByRole('textbox', { name: 'Compression quality (1–100)' });
  await expect(quality).toHaveValue('75');
  await quality.fill('0');
  await expect(dialog.getByText('Enter a whole number from 1 to 100.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await quality.fill('60');
  const answer = page.waitForResponse((r) => r.url().includes('/assets') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const sent = await (await answer).json();
  expect(sent).toMatchObject({ width: 1500, height: 1000, metadata: { mimetype: 'image/jpeg' } });
  await expect.poll(async () => (await shapes(page)).length, { timeout: 20_000 }).toBe(1);

  // the owner's board setting sends large pictures at the view's size without asking
  await page.getByRole('button', { name: 'Main menu' }).click();
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const pictures = settings.getByRole('group', { name: 'Pictures larger than the view' });
  await pictures.getByLabel('Size').selectOption({ label: 'Current View' });
  await expect.poll(() => page.evaluate(() => window.tabula!.sync.board$.value?.boardConfig?.downsize?.option)).toBe('view');
  await shot(page, 'pictures-downsize-setting');
  await settings.getByRole('button', { name: 'Done' }).click();
  const quiet = page.waitForResponse((r) => r.url().includes('/assets') && r.request().method() === 'POST');
  await upload(page, { name: 'big.png', mimeType: 'image/png', buffer: big });
  const fitted = await (await quiet).json();
  await expect(dialog).toBeHidden();
  expect(fitted.width).toBeLessThanOrEqual(1280 * (await page.evaluate(() => devicePixelRatio)));
  expect(fitted.metadata.mimetype).toBe('image/png');
  await expect.poll(async () => (await shapes(page)).length, { timeout: 20_000 }).toBe(2);
});
