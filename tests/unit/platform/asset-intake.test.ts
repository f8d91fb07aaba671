import { describe, expect, it } from 'vitest';
import { extensionOf, looksLikeSvg, sniff, tooLarge, unsupported, uploadLimit } from '../../../platform/assets/intake';
import { variantWidth } from '../../../platform/assets/variants';

/** The pure parts of the upload checks (platform/assets/intake.ts, docs/assets.md). */
describe('asset intake', () => {
  it('words the refusals as the spec does', () => {
    expect(unsupported('a.exe')).toBe('"a.exe" file type is not supported');
    expect(tooLarge('big.png', 10_000_000)).toBe('"big.png" size should be less that 10MB');
    expect(tooLarge('big.png', 2_500_000)).toBe('"big.png" size should be less that 2MB');
  });

  it('limits a file to the smaller of the workspace maxUploadSize and 10,000,000 bytes', () => {
    expect(uploadLimit()).toBe(10_000_000);
    expect(uploadLimit(null)).toBe(10_000_000);
    expect(uploadLimit(50_000)).toBe(50_000);
    expect(uploadLimit(20_000_000)).toBe(10_000_000);
  });

  it('reads the extension of a name, lower case', () => {
    expect(extensionOf('Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('archive.tar.avifs')).toBe('avifs');
    expect(extensionOf('README')).toBe('');
  });

  it('tells SVG by its root element, whatever comes before it', () => {
    expect(looksLikeSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(looksLikeSvg(Buffer.from('svg'))).toBe(false);
  });

  it('sniffs pictures by their bytes and refuses everything else', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await sniff(Buffer.concat([png, Buffer.alloc(64)]))).toBe('image/png');
    expect(await sniff(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))).toBe('application/pdf');
    expect(await sniff(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]))).toBeNull();
    expect(await sniff(Buffer.from('<svg/>'))).toBe('image/svg+xml');
  });

  it('makes the previews at the spec scales of the full width, at least 1 px', () => {
    expect(variantWidth('full', 400)).toBe(400);
    expect(variantWidth('s1', 400)).toBe(100);
    expect(variantWidth('preview', 400)).toBe(48);
    expect(variantWidth('preview', 3)).toBe(1);
  });
});
