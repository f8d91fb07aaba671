import './preview';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApi, type PromoInput } from '../../admin/api';
import { PromoDialog } from '../../admin/promos/promo-dialog';
import { PROMO_CODE_FORMAT } from '../../shared/billing';
import { HttpError } from '../../ui';
import { sampleAdminApi, SAMPLE_PROMOS } from '../../stories/admin/sample-api';

/**
 * The promo dialog (admin/promos/promo-dialog.tsx; backoffice.md §2, §5): templates and the G
 * generator on a new promo only, the type's own fields, the duration hint, the status and the
 * fixed type on edit, amounts typed in dollars sent in cents, server field errors on their fields.
 */
function renderDialog(promo: (typeof SAMPLE_PROMOS)[number] | null, save?: AdminApi['savePromo']) {
  const sent: Array<[string, PromoInput]> = [];
  const api: AdminApi = {
    ...sampleAdminApi(),
    savePromo: save ?? (async (id, input) => (sent.push([id, input]), { ...SAMPLE_PROMOS[0]!, message: 'data successfully saved.' })),
  };
  let saved = 0;
  render(
    <AdminApiContext.Provider value={api}>
      <PromoDialog promo={promo} onClose={() => undefined} onSaved={() => saved++} />
    </AdminApiContext.Provider>,
  );
  return { sent, saved: () => saved, dialog: screen.getByRole('dialog') };
}

describe('the promo dialog', () => {
  it('a new promo: the §5 defaults, a template fills the fields, G makes a code in the spec format', async () => {
    const { dialog, sent } = renderDialog(null);
    const field = (name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;
    expect([field('Expires in days').value, field('Maximum redemptions').value, field('Per customer').value]).toEqual(['0', '0', '1']);
    expect([field('Type').value, field('Duration').value]).toEqual(['Percent', 'Forever']);
    expect(within(dialog).queryByLabelText('Status')).toBeNull();
    fireEvent.change(field('Templates'), { target: { value: 'UltraPack' } });
    expect([field('Name').value, field('Expires in days').value, field('Percent').value]).toEqual(['UltraPack', '365', '100']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate a code' }));
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveProperty('value', expect.stringMatching(PROMO_CODE_FORMAT));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]![0]).toBe('000000000000000000000000');
    expect(sent[0]![1]).toMatchObject({ name: 'UltraPack', type: 'Percent', percent: 100, percentDuration: 'Forever', expiresInDays: 365 });
    expect(sent[0]![1]).not.toHaveProperty('status');
  });

  it("the type's own fields: Fixed in dollars (sent in cents), Subscription with the 7-or-30 hint", async () => {
    const { dialog, sent } = renderDialog(null);
    const field = (name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;
    fireEvent.change(field('Name'), { target: { value: 'Ten off' } });
    fireEvent.change(field('Type'), { target: { value: 'Subscription' } });
    expect(within(dialog).queryByLabelText('Percent')).toBeNull();
    fireEvent.change(field('Duration (days)'), { target: { value: '10' } });
    expect(within(dialog).getByText('The duration should be divisible by 7 or 30.').className).toBe('a-promo-warn');
    fireEvent.change(field('Duration (days)'), { target: { value: '14' } });
    expect(within(dialog).getByText('The duration should be divisible by 7 or 30.').className).toBe('');
    fireEvent.change(field('Type'), { target: { value: 'Fixed' } });
    fireEvent.change(field('Amount ($)'), { target: { value: '12.5x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, e.g. 10 or 12.50.')).toBeTruthy();
    fireEvent.change(field('Amount ($)'), { target: { value: '12.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]![1]).toMatchObject({ type: 'Fixed', amount: 1250, percent: null, duration: null, percentDuration: null });
  });

  it('editing: no templates nor G, the code read-only, the type fixed, the status offered; server errors on fields', async () => {
    const fixed = SAMPLE_PROMOS.find((p) => p.type === 'Fixed')!;
    const { dialog } = renderDialog(fixed, async () => {
      throw new HttpError(
        400,
        { message: 'Bad request', errors: { maxRedemptions: ['"maxRedemptions" must be greater than or equal to 0'] } },
        'Bad request',
      );
    });
    expect(within(dialog).queryByLabelText('Templates')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Generate a code' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveProperty('readOnly', true);
    expect(within(dialog).getByLabelText('Type')).toHaveProperty('disabled', true);
    expect((within(dialog).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('10');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'Archived' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('"maxRedemptions" must be greater than or equal to 0')).toBeTruthy();
    expect(within(dialog).getByLabelText('Maximum redemptions').getAttribute('aria-invalid')).toBe('true');
  });
});
