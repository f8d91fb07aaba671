import { useEffect, useState } from 'react';
import { errorText, HttpError, Spinner, Switch, toast, TOAST_TIMEOUT_MS } from '../../ui';
import { notificationsApi, type Channel, type Preference } from '../notifications/api';
import { subscribeToPush } from '../notifications/push';

/**
 * /panel/profile-setting/notification-settings (panel.md §2, §4): per notification type, Email
 * and Desktop switches. Turning Desktop on asks the browser's permission, registers the service
 * worker and subscribes with the server's key; a refusal ('Permission rejected by user.') or no
 * support ('Your broswer does not support notifications.') is a 4 s toast and the switch stays
 * off. A failed save reverts the switch.
 */
export function NotificationSettingsPage() {
  const [prefs, setPrefs] = useState<Preference[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    notificationsApi
      .preferences()
      .then(setPrefs)
      .catch((e) => setFailed(errorText(e)));
  }, []);

  const set = (type: string, channel: Channel, active: boolean) =>
    setPrefs(
      (list) =>
        list?.map((p) =>
          p.type === type ? { ...p, channels: p.channels.map((c) => (c.channel === channel ? { ...c, active } : c)) } : p,
        ) ?? null,
    );

  async function toggle(p: Preference, channel: Channel, active: boolean) {
    const key = `${p.type}/${channel}`;
    set(p.type, channel, active);
    setBusy(key);
    try {
      const parameters = channel === 'Desktop' && active ? await subscribeToPush() : undefined;
      setPrefs(await notificationsApi.setPreference({ type: p.type, channel, active, parameters }));
    } catch (e) {
      set(p.type, channel, !active);
      // the browser's refusals carry the spec's texts; a 400 says why; other HTTP failures were already shown
      if (!(e instanceof HttpError)) toast.error(e instanceof Error ? e.message : String(e), { timeout: TOAST_TIMEOUT_MS });
      else if (e.status === 400) toast.error(errorText(e), { timeout: TOAST_TIMEOUT_MS });
    } finally {
      setBusy(null);
    }
  }

  if (failed) return <p role="alert">{failed}</p>;
  if (!prefs) {
    return (
      <div className="p-loading">
        <Spinner label="Loading notification settings" /> Loading notification settings…
      </div>
    );
  }
  return (
    <ul className="p-extensions" aria-label="Notification settings">
      {prefs.map((p) => (
        <li key={p.type} className="p-extension">
          <div>
            <strong>{p.name}</strong>
            <p className="p-extension__text">{p.description}</p>
          </div>
          <div style={{ display: 'flex', gap: 16 }}>
            {p.channels.map((c) => (
              <Switch
                key={c.channel}
                label={
                  <>
                    {c.channel}
                    <span className="t-sr-only"> notifications for {p.name}</span>
                  </>
                }
                checked={c.active}
                disabled={busy === `${p.type}/${c.channel}`}
                onChange={(ev) => void toggle(p, c.channel, ev.target.checked)}
              />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
