import { ImageInput } from '../image-input';
import { initialsOf } from '../shell/profile-menu';

/** Profile image with Upload and Remove (panel.md §2, §5); the value is a data URL or null. */
export function AvatarInput({ value, name, onChange }: { value: string | null; name: string; onChange: (value: string | null) => void }) {
  return (
    <ImageInput
      value={value}
      onChange={onChange}
      className="p-avatar-input"
      uploadLabel="Upload image"
      fileLabel="Profile image file"
      preview={
        <span className="p-avatar">
          {value ? <img src={value} alt="Profile image" /> : <span aria-hidden="true">{initialsOf(name || 'T')}</span>}
        </span>
      }
    />
  );
}
