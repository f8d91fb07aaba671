import { useRef } from 'react';
import { Button, Icon, toast } from '../../ui';
import { AVATAR_ACCEPT, ImageRejected, prepareAvatar } from '../image';
import { initialsOf } from '../shell/profile-menu';

/** Profile image with Upload and Remove (panel.md §2, §5); the value is a data URL or null. */
export function AvatarInput({ value, name, onChange }: { value: string | null; name: string; onChange: (value: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange(await prepareAvatar(file));
    } catch (err) {
      toast.error(err instanceof ImageRejected ? err.message : 'The image could not be read.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="p-avatar-input">
      <span className="p-avatar">
        {value ? <img src={value} alt="Profile image" /> : <span aria-hidden="true">{initialsOf(name || 'T')}</span>}
      </span>
      <div>
        <div className="p-avatar-input__buttons">
          <Button variant="secondary" size="sm" icon={<Icon name="upload" size={16} />} onClick={() => input.current?.click()}>
            Upload image
          </Button>
          {value && (
            <Button variant="ghost" size="sm" icon={<Icon name="trash" size={16} />} onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </div>
        <div className="p-avatar-input__hint">PNG or JPG, up to 2 MB.</div>
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          aria-label="Profile image file"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
    </div>
  );
}
