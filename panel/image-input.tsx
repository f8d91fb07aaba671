import { useRef, type ReactNode } from 'react';
import { Button, FieldTip, Icon, toast } from '../ui';
import { AVATAR_ACCEPT, ImageRejected, prepareAvatar } from './image';

export interface ImageInputProps {
  /** a data URL or null */
  value: string | null;
  onChange: (value: string | null) => void;
  /** what shows the image (or its absence) beside the buttons */
  preview: ReactNode;
  className: string;
  /** 'Upload image', 'Upload logo' */
  uploadLabel: string;
  /** the hidden file input's accessible name */
  fileLabel: string;
  error?: string[];
}

/**
 * An image with Upload and Remove under the profile-image rules (panel.md §5: .png/.jpg/.jpeg,
 * ≤ 2 MB, ≥ 16 px, scaled to ≤ 200 px; ./image.ts): the profile image and a partner's logo.
 */
export function ImageInput({ value, onChange, preview, className, uploadLabel, fileLabel, error }: ImageInputProps) {
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
    <div className={className}>
      {preview}
      <div>
        <div className="p-avatar-input__buttons">
          <Button variant="secondary" size="sm" icon={<Icon name="upload" size={16} />} onClick={() => input.current?.click()}>
            {uploadLabel}
          </Button>
          {value && (
            <Button variant="ghost" size="sm" icon={<Icon name="trash" size={16} />} onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </div>
        <div className="p-avatar-input__hint">PNG or JPG, up to 2 MB.</div>
        {error && <FieldTip error={error} />}
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          aria-label={fileLabel}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
    </div>
  );
}
