import { useEffect, useState } from 'react';
import { auth, Button, Field, Form, MESSAGES, SelectField, Spinner, Switch, type FieldErrors, useClaims, useForm } from '../../ui';
import { accountsApi, type Profile, type SavedProfile } from '../api';
import { refreshMe } from '../me';
import { DEFAULT_PROFILE_ROLE, LANGUAGES, PROFILE_ROLES, showsLanguage } from '../profile';
import { AvatarInput } from './avatar-input';
import { ChangePasswordForm } from './change-password';

export interface ProfileDetailsProps {
  /** start from this profile instead of loading it (stories) */
  profile?: Profile;
  initialErrors?: FieldErrors;
}

interface Values {
  displayName: string;
  role: string;
  language: string;
  avatar: string | null;
}

const valuesOf = (p: Pick<Profile, 'displayName'> & Partial<Profile>): Values => ({
  displayName: p.displayName ?? '',
  role: String(p.role ?? DEFAULT_PROFILE_ROLE),
  language: p.language || 'en',
  avatar: p.avatar || null,
});

/**
 * /panel/profile-setting/details (panel.md §2 Profile): display name, preferred language (beta
 * testers in Tehran only), role, profile image with Remove, Update Profile; a toggle reveals
 * the Change Password form. A save answers a fresh access token (its claims may change), kept.
 */
export function ProfileDetailsPage({ profile: given, initialErrors }: ProfileDetailsProps) {
  const claims = useClaims();
  // what failed to load shows as an empty profile (the form still works)
  const [profile, setProfile] = useState<Partial<Profile> | null>(given ?? null);
  const [changing, setChanging] = useState(false);
  const form = useForm<Values, SavedProfile>({
    initial: given ? valuesOf(given) : valuesOf({ displayName: '' }),
    initialErrors,
    submit: (v) =>
      accountsApi.saveProfile({
        displayName: v.displayName,
        avatar: v.avatar,
        role: Number(v.role),
        language: v.language,
      }),
    successMessage: MESSAGES.saved,
    onSuccess: async (saved) => {
      if (saved?.accessToken) auth.setAccessToken(saved.accessToken);
      setProfile(saved);
      form.reset(valuesOf(saved));
      await refreshMe();
    },
  });

  useEffect(() => {
    if (given) return;
    let live = true;
    accountsApi
      .profile()
      .then((p) => {
        if (!live) return;
        setProfile(p);
        form.reset(valuesOf(p));
      })
      .catch(() => live && setProfile({ displayName: '' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [given]);

  if (!profile) {
    return (
      <div className="p-loading">
        <Spinner label="Loading profile" /> Loading profile…
      </div>
    );
  }
  return (
    <>
      <Form form={form} className="p-form" aria-label="Profile details">
        <AvatarInput
          value={form.values.avatar}
          name={form.values.displayName || profile.username || ''}
          onChange={(v) => form.setValue('avatar', v)}
        />
        <Field label="Display name" autoComplete="name" {...form.field('displayName')} />
        {showsLanguage(claims?.role) && <SelectField label="Preferred language" options={[...LANGUAGES]} {...form.field('language')} />}
        <SelectField label="Role" hint="What best describes your work?" options={[...PROFILE_ROLES]} {...form.field('role')} />
        <div className="p-form-actions">
          <Button type="submit" busy={form.processing}>
            Update Profile
          </Button>
        </div>
      </Form>
      <hr className="p-separator" />
      <Switch label="Change Password" checked={changing} onChange={(e) => setChanging(e.target.checked)} />
      {changing && (
        <div style={{ marginTop: 20 }}>
          <ChangePasswordForm hasPassword={profile.hasPassword !== false} />
        </div>
      )}
    </>
  );
}
