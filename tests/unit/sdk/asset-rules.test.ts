import { describe, expect, it } from 'vitest';
import {
  fitSize,
  gridPlacement,
  replacedSize,
  replaceProblem,
  typedPage,
  uploadLimit,
  uploadProblem,
  UPLOAD_GAP,
  variantForZoom,
} from '../../../sdk/assets/rules';
import { downsizeTarget, isResizable, largerThanView, typedQuality } from '../../../sdk/assets/downsize';

describe('pictures on the board: the pure rules (board.md §5, §9)', () => {
  it('replace image takes pictures only ("{file name}" is not an image), then the upload rules', () => {
    expect(replaceProblem({ name: 'slides.pdf', size: 10, type: 'application/pdf' }, 10_000_000)).toBe('"slides.pdf" is not an image');
    expect(replaceProblem({ name: 'notes.txt', size: 10 }, 10_000_000)).toBe('"notes.txt" is not an image');
    expect(replaceProblem({ name: 'fake.png', size: 10, type: 'text/plain' }, 10_000_000)).toBe('"fake.png" is not an image');
    expect(replaceProblem({ name: 'big.png', size: 2_000_001, type: 'image/png' }, 2_000_000)).toBe(
      '"big.png" size should be less that 2MB',
    );
    expect(replaceProblem({ name: 'Photo.WEBP', size: 10, type: 'image/webp' }, 10_000_000)).toBeNull();
  });

  it('a replaced picture keeps the width and takes the new aspect', () => {
    expect(replacedSize({ w: 400, h: 300 }, { w: 200, h: 100 })).toEqual({ w: 400, h: 200 });
    expect(replacedSize({ w: 90, h: 10 }, { w: 30, h: 90 })).toEqual({ w: 90, h: 270 });
    expect(replacedSize({ w: 10, h: 10 }, { w: 0, h: 0 })).toEqual({ w: 10, h: 10 });
  });

  it('refuses a type not in the list and a file over the limit with the spec messages', () => {
    expect(uploadProblem({ name: 'notes.txt', size: 10 }, 10_000_000)).toBe('"notes.txt" file type is not supported');
    expect(uploadProblem({ name: 'noextension', size: 10 }, 10_000_000)).toBe('"noextension" file type is not supported');
    expect(uploadProblem({ name: 'Photo.JPG', size: 10 }, 10_000_000)).toBeNull();
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'svg', 'pdf', 'webp', 'avif', 'avifs'])
      expect(uploadProblem({ name: `a.${ext}`, size: 1 }, 1e7)).toBeNull();
    expect(uploadProblem({ name: 'big.png', size: 10_000_001 }, 10_000_000)).toBe('"big.png" size should be less that 10MB');
    // the workspace's smaller limit, and never over the product's cap
    expect(uploadProblem({ name: 'a.png', size: 2_000_001 }, 2_000_000)).toBe('"a.png" size should be less that 2MB');
    expect(uploadLimit(50_000_000)).toBe(10_000_000);
  });

  it('draws full, then s1 below 0.25, then preview below 0.12', () => {
    expect(variantForZoom(1)).toBe('full');
    expect(variantForZoom(0.25)).toBe('full');
    expect(variantForZoom(0.2)).toBe('s1');
    expect(variantForZoom(0.12)).toBe('s1');
    expect(variantForZoom(0.1)).toBe('preview');
  });

  it('fits a picture into the landing box without enlarging it, aspect kept', () => {
    expect(fitSize({ w: 400, h: 300 }, { w: 1000, h: 1000 })).toEqual({ w: 400, h: 300 });
    expect(fitSize({ w: 4000, h: 3000 }, { w: 800, h: 480 })).toEqual({ w: 640, h: 480 });
  });

  it('lays several pictures out in a near-square grid centred on the point', () => {
    const sizes = [
      { w: 100, h: 50 },
      { w: 100, h: 100 },
      { w: 50, h: 100 },
    ];
    const at = gridPlacement(sizes, { x: 0, y: 0 });
    // 2 columns, 2 rows of 100×100 cells
    const total = 2 * 100 + UPLOAD_GAP;
    expect(at[0]).toEqual({ x: -total / 2, y: -total / 2 + 25 });
    expect(at[1]).toEqual({ x: -total / 2 + 100 + UPLOAD_GAP, y: -total / 2 });
    expect(at[2]).toEqual({ x: -total / 2 + 25, y: -total / 2 + 100 + UPLOAD_GAP });
    expect(gridPlacement([{ w: 10, h: 20 }], { x: 100, y: 100 })).toEqual([{ x: 95, y: 90 }]);
  });

  it('a typed page counts only between 1 and the total (else the field reverts)', () => {
    expect(typedPage('3', 5)).toBe(3);
    expect(typedPage(' 5 ', 5)).toBe(5);
    for (const bad of ['0', '6', '-1', '2.5', 'two', '']) expect(typedPage(bad, 5)).toBeNull();
  });
});

describe('downsizing pictures before they are sent (board.md §2, §5)', () => {
  const view = { w: 1280, h: 800 };
  it('Original Size keeps, 50% halves, Current View fits the view — never enlarging, aspect kept', () => {
    const photo = { w: 4000, h: 3000 };
    expect(downsizeTarget(photo, 'original', view)).toEqual(photo);
    expect(downsizeTarget(photo, 'half', view)).toEqual({ w: 2000, h: 1500 });
    expect(downsizeTarget(photo, 'view', view)).toEqual({ w: 1067, h: 800 });
    expect(downsizeTarget({ w: 600, h: 400 }, 'view', view)).toEqual({ w: 600, h: 400 });
    expect(downsizeTarget({ w: 1, h: 1 }, 'half', view)).toEqual({ w: 1, h: 1 });
  });

  it('asks only for pictures larger than the view; a quality is a whole number 1–100', () => {
    expect(largerThanView({ w: 1281, h: 10 }, view)).toBe(true);
    expect(largerThanView({ w: 1280, h: 800 }, view)).toBe(false);
    expect(typedQuality(' 75 ')).toBe(75);
    for (const bad of ['0', '101', '7.5', 'high', '']) expect(typedQuality(bad)).toBeNull();
    expect(isResizable('image/png')).toBe(true);
    expect(isResizable('image/gif')).toBe(false);
    expect(isResizable('image/svg+xml')).toBe(false);
  });
});
