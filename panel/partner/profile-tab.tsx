import { Button, Field, Form, MESSAGES, TextAreaField, useForm } from '../../ui';
import { ImageInput } from '../image-input';
import { partnerApi, type Partner, type ProfileSave } from './api';
import { usePartner } from './partner-page';

interface Values {
  name: string;
  icon: string | null;
  /** one origin a line */
  origins: string;
}

const valuesOf = (p: Partner): Values => ({ name: p.name ?? '', icon: p.icon, origins: (p.origins ?? []).join('\n') });

/** The logo with Upload and Remove: the profile-image rules (panel.md §5). */
function LogoInput({ value, onChange, error }: { value: string | null; onChange: (v: string | null) => void; error?: string[] }) {
  return (
    <ImageInput
      value={value}
      onChange={onChange}
      error={error}
      className="p-partner__logo"
      uploadLabel="Upload logo"
      fileLabel="Partner logo file"
      preview={value ? <img src={value} alt="Partner logo" /> : <span className="p-partner__logo-empty">No logo</span>}
    />
  );
}

/**
 * /panel/partner/profile (panel.md §2): logo, name, Update Profile, and each programme type with
 * its status. Ours: the partner site's origins, where an authorize-partner returnUrl may point.
 */
export function PartnerProfileTab() {
  const { partner, setPartner } = usePartner();
  const form = useForm<Values, Partner>({
    initial: valuesOf(partner),
    submit: (v) => {
      const body: ProfileSave = {
        name: v.name,
        icon: v.icon,
        origins: v.origins
          .split(/[\s,]+/)
          .map((o) => o.trim())
          .filter(Boolean),
      };
      return partnerApi.saveProfile(body);
    },
    successMessage: MESSAGES.saved,
    onSuccess: (saved) => {
      setPartner(saved);
      form.reset(valuesOf(saved));
    },
  });
  return (
    <>
      <Form form={form} className="p-form" aria-label="Partner profile">
        <LogoInput value={form.values.icon} onChange={(v) => form.setValue('icon', v)} error={form.errorFor('icon')} />
        <Field label="Name" autoComplete="organization" {...form.field('name')} />
        <TextAreaField
          label="Your website addresses"
          hint="One origin a line, e.g. https://shop.example — where customers return after authorizing you."
          rows={3}
          {...form.field('origins')}
        />
        <div className="p-form-actions">
          <Button type="submit" busy={form.processing}>
            Update Profile
          </Button>
        </div>
      </Form>
      <hr className="p-separator" />
      <h2 className="p-section-title">Programmes</h2>
      <ul className="p-partner__types" aria-label="Programme types">
        {partner.types.map((t) => (
          <li key={t.code}>
            <strong>{t.name}</strong>
            <span className="p-badge">{t.status ?? 'Not enrolled'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
