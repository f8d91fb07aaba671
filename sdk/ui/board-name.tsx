import { useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast';

/**
 * The board name input: renames through the hub when the user has edit_board; the name is
 * reverted if the call fails (board.md §5).
 */
export function BoardName({ name, canEdit, onRename }: { name: string; canEdit: boolean; onRename: (name: string) => Promise<unknown> }) {
  const [value, setValue] = useState(name);
  const saved = useRef(name);
  useEffect(() => {
    saved.current = name;
    setValue(name);
  }, [name]);
  const commit = async () => {
    const next = value.trim();
    if (!canEdit || !next || next === saved.current) {
      setValue(saved.current);
      return;
    }
    const previous = saved.current;
    saved.current = next;
    try {
      await onRename(next);
    } catch (error) {
      saved.current = previous;
      setValue(previous);
      const message = (error as { data?: { message?: string } })?.data?.message ?? (error as Error)?.message;
      if (message) toast.error(message);
    }
  };
  return (
    <input
      className="tb-name"
      aria-label="Board name"
      title={canEdit ? 'Rename board' : name}
      value={value}
      readOnly={!canEdit}
      maxLength={100}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        if (e.key === 'Escape') {
          setValue(saved.current);
          (e.target as HTMLInputElement).blur();
        }
        e.stopPropagation();
      }}
    />
  );
}
