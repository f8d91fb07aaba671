import { uploads$ } from '../assets/upload';
import { useSubject } from './hooks';

/** A bar for each upload under way (board.md §2), at the bottom of the board; announced politely to screen readers. */
export function UploadProgress() {
  const uploads = useSubject(uploads$);
  if (uploads.length === 0) return null;
  return (
    <div className="tb-panel tb-uploads" role="status" aria-live="polite">
      {uploads.map((u) => (
        <div key={u.id} className="tb-upload">
          <span className="tb-upload-name">Uploading {u.name}</span>
          <progress max={100} value={u.percent} aria-label={`Uploading ${u.name}`} />
          <span className="tb-upload-percent">{u.percent}%</span>
        </div>
      ))}
    </div>
  );
}
