import { describe, expect, it } from 'vitest';
import {
  decodeEmbedData,
  encodeEmbedData,
  isOrigin,
  toEmbedError,
  validateBackground,
  validateColor,
  validateEmbedOptions,
  validateEvent,
  validateExportFormat,
  validateIds,
  validatePermissions,
  validateShapeList,
  validateThickness,
  validateTool,
  type EmbedData,
} from '../../shared/embed';
import { applyHostPermissions, readEmbedContext } from '../../embed/child';
import { BOARD_MESSAGES } from '../../sdk/sync/messages';

/** The embedding contract: host argument validation, the data parameter, the board URL. */
describe('shared/embed validation', () => {
  it('accepts the spec values and rejects everything else with { code, message }', () => {
    expect(validateColor('#1e88e5')).toBeNull();
    for (const bad of ['red', '#12345', '#1234567', 'rgb(0,0,0)', 1, null])
      expect(validateColor(bad)).toMatchObject({ code: 'invalid-color', message: expect.any(String) });
    for (const ok of [1, 5, 9]) expect(validateThickness(ok)).toBeNull();
    for (const bad of [0, 10, 2.5, '3', NaN]) expect(validateThickness(bad)).toMatchObject({ code: 'invalid-thickness' });
    expect(validateTool('pen', ['pen', 'select'])).toBeNull();
    expect(validateTool('laser', ['pen', 'select'])).toMatchObject({ code: 'unknown-tool' });
    expect(validateTool('', undefined)).toMatchObject({ code: 'unknown-tool' });
    for (const ok of ['Dot', 'dot', 'Graph paper', 'none', 'https://example.com/a.png', 'http://x.example/b'])
      expect(validateBackground(ok)).toBeNull();
    for (const bad of ['Plaid', 'ftp://example.com/a.png', 'javascript:alert(1)', '', 3])
      expect(validateBackground(bad)).toMatchObject({ code: 'unknown-background' });
    expect(validatePermissions(['view_chat', 'view_templates'])).toBeNull();
    expect(validatePermissions([])).toBeNull();
    for (const bad of [['edit_board'], ['view_chat', 'video_chat'], 'view_chat', null])
      expect(validatePermissions(bad)).toMatchObject({ code: 'invalid-permission' });
    expect(validateExportFormat('png')).toBeNull();
    expect(validateExportFormat('gif')).toMatchObject({ code: 'invalid-format' });
    expect(validateIds(['a', 'b'])).toBeNull();
    expect(validateIds('a')).toMatchObject({ code: 'invalid-shapes' });
    expect(validateShapeList([{ cmd: 'rectangle' }])).toBeNull();
    expect(validateShapeList([{}])).toMatchObject({ code: 'invalid-shapes' });
    expect(validateShapeList(new Array(501).fill({ cmd: 'pen' }))).toMatchObject({ code: 'invalid-shapes' });
    expect(validateEvent('ready')).toBeNull();
    expect(validateEvent('click')).toMatchObject({ code: 'invalid-event' });
  });

  it('checks the embed options: clientId, a uid with the clientId, features', () => {
    const base = { clientId: 'tc_1', participant: { uid: 'host-user-42', name: 'Ada' } };
    expect(validateEmbedOptions(base)).toBeNull();
    expect(validateEmbedOptions({ ...base, clientId: '' })).toMatchObject({ code: 'invalid-client' });
    expect(validateEmbedOptions({ ...base, participant: {} })).toMatchObject({ code: 'invalid-uid' });
    expect(validateEmbedOptions({ ...base, participant: { uid: 'has space' } })).toMatchObject({ code: 'invalid-uid' });
    expect(validateEmbedOptions({ ...base, board: '../x' })).toMatchObject({ code: 'invalid-argument' });
    expect(validateEmbedOptions({ ...base, features: { thickness: 12 } })).toMatchObject({ code: 'invalid-thickness' });
    expect(validateEmbedOptions({ ...base, features: { notifications: 'some' } })).toMatchObject({ code: 'invalid-argument' });
  });

  it('maps penpal and unknown errors to { code, message }', () => {
    expect(toEmbedError({ code: 'invalid-color', message: 'x' })).toEqual({ code: 'invalid-color', message: 'x' });
    expect(toEmbedError(Object.assign(new Error('gone'), { code: 'CONNECTION_DESTROYED' }))).toMatchObject({ code: 'destroyed' });
    expect(toEmbedError(new Error('boom'))).toEqual({ code: 'internal', message: 'boom' });
  });

  it('round-trips the data parameter (UTF-8, url-safe base64 accepted) and validates it', () => {
    const data: EmbedData = {
      board: 'abcdefghijkl',
      participant: { uid: 'u-1', name: 'Zoë 🎨' },
      origin: 'https://host.example',
      features: { color: '#000000' },
    };
    const encoded = encodeEmbedData(data);
    expect(decodeEmbedData(encoded)).toEqual(data);
    expect(decodeEmbedData(encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toEqual(data);
    expect(decodeEmbedData('%%%')).toMatchObject({ code: 'invalid-data' });
    expect(decodeEmbedData(encodeEmbedData({ ...data, origin: 'https://host.example/path' }))).toMatchObject({ code: 'invalid-data' });
    expect(decodeEmbedData(encodeEmbedData({ ...data, features: { color: 'blue' } }))).toMatchObject({ code: 'invalid-color' });
    expect(isOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(isOrigin('http://127.0.0.1:8080/')).toBe(false);
  });
});

describe('embed/child readEmbedContext', () => {
  const data: EmbedData = {
    board: '',
    participant: { uid: 'host-user-42', name: 'Ada' },
    origin: 'https://host.example',
    features: { permissions: ['view_chat'] },
  };
  const at = (search: string, hash = '', pathname = '/board/embed') => ({ search, hash, pathname });

  it('is null for a board page that is not embedded', () => {
    expect(readEmbedContext(at(''), null)).toBeNull();
    expect(readEmbedContext(at('?uid=x'), null)).toBeNull();
  });

  it('fails with invalid-uid for a clientid without uid (board.md §2)', () => {
    expect(readEmbedContext(at('?clientid=tc_1'), null)).toEqual({ error: { code: 'invalid-uid', message: BOARD_MESSAGES.invalidUid } });
    const mismatch = readEmbedContext(at(`?clientid=tc_1&uid=other&data=${encodeURIComponent(encodeEmbedData(data))}`), null);
    expect(mismatch).toMatchObject({ error: { code: 'invalid-uid' } });
  });

  it('decodes the context: token from the fragment, essential notifications, the browser-reported parent origin', () => {
    const read = readEmbedContext(
      at(`?clientid=tc_1&uid=host-user-42&data=${encodeURIComponent(encodeEmbedData(data))}`, '#token=abc.def.ghi'),
      ['https://real-parent.example'],
    );
    expect(read?.context).toMatchObject({
      board: '',
      uid: 'host-user-42',
      clientId: 'tc_1',
      token: 'abc.def.ghi',
      notifications: 'essential',
      permissions: ['view_chat'],
      parentOrigin: 'https://real-parent.example',
    });
    const stated = readEmbedContext(
      at(
        `?clientid=tc_1&uid=host-user-42&data=${encodeURIComponent(encodeEmbedData({ ...data, board: 'abcdefghijkl' }))}`,
        '',
        '/board/abcdefghijkl',
      ),
      null,
    );
    expect(stated?.context).toMatchObject({ board: 'abcdefghijkl', parentOrigin: 'https://host.example', token: null });
  });

  it('host permissions only hide view_chat / view_templates, never grant', () => {
    const claims = { role: 'Editor', permissions: ['edit_board', 'view_chat', 'view_templates'], policies: [] };
    expect(applyHostPermissions(claims, ['view_templates']).permissions).toEqual(['edit_board', 'view_templates']);
    expect(applyHostPermissions(claims, undefined)).toBe(claims);
    const viewer = { role: 'Viewer', permissions: ['view_chat'], policies: [] };
    expect(applyHostPermissions(viewer, ['view_chat', 'view_templates']).permissions).toEqual(['view_chat']);
  });
});
