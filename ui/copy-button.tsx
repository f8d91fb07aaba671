import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';

/** backoffice.md §9, panel.md §9: the copy button's text reverts after 2 seconds. */
export const COPY_REVERT_MS = 2000;
export const COPIED_TEXT = 'Copied!';
/** §8: when the clipboard fails, a prompt asks the user to copy manually. */
export const MANUAL_COPY_TEXT = 'Copy to clipboard: Ctrl+C, Enter';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> {
  /** what is copied */
  text: string;
  /** the button's text until it reads 'Copied!' */
  label: string;
  /** what the copy is of, for a button among many (a grid row's): the accessible name is "{text}: {name}" */
  name?: string;
}

/**
 * A button that copies `text`: its label reads 'Copied!' for 2 s, then reverts; where the
 * clipboard is refused (no permission, an insecure page) a prompt offers the text to copy by hand.
 */
export function CopyButton({ text, label, name, ...button }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (!(await writeClipboard(text))) {
      window.prompt(MANUAL_COPY_TEXT, text);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_REVERT_MS);
  };
  const shown = copied ? COPIED_TEXT : label;
  return (
    <Button {...button} aria-label={name === undefined ? undefined : `${shown}: ${name}`} onClick={() => void copy()}>
      <span aria-live="polite">{shown}</span>
    </Button>
  );
}
