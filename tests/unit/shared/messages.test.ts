import { describe, expect, it } from 'vitest';
import { MESSAGES, fileTooLarge, fileTypeNotSupported, fontNotFound, keyBindingConflict, notAnImage } from '../../../shared/messages';

describe('message catalogue', () => {
  it('holds the spec texts verbatim', () => {
    expect(MESSAGES.connectionLost).toBe('Trying to reconnect...');
    expect(MESSAGES.connectionRestored).toBe('Connection restored.');
    expect(MESSAGES.changesNotSaved).toBe('Changes not saved due to network error.');
    expect(MESSAGES.boardNotFound).toBe('Requested board not found!');
    expect(MESSAGES.unlockProtected).toBe('Owner/Facilitator can unlock protected shapes');
    expect(MESSAGES.somethingWentWrong).toBe('Something went wrong! Our team has been informed.');
  });

  it('replaces {product} with Tabula and leaves no placeholder', () => {
    expect(MESSAGES.newVersion).toBe('A new Tabula version is available');
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/\{product\}/);
  });

  it('formats parameterised texts', () => {
    expect(keyBindingConflict('Undo')).toBe('Undo has this key binding!');
    expect(fileTypeNotSupported('a.exe')).toBe('"a.exe" file type is not supported');
    expect(fileTooLarge('big.png', 10)).toBe('"big.png" size should be less that 10MB');
    expect(notAnImage('x.pdf')).toBe('"x.pdf" is not an image');
    expect(fontNotFound('Foo')).toBe('Font not found: Foo');
  });
});
