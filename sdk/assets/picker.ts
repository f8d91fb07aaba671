/**
 * The browser's file picker: an input put in the document while it is open (a detached input's
 * picker is not reported to automation in every browser), removed once something is chosen or
 * the picker is cancelled.
 */
export function pickFiles(options: { accept: readonly string[]; multiple: boolean }, onFiles: (files: File[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = options.multiple;
  input.accept = options.accept.map((e) => `.${e}`).join(',');
  input.hidden = true;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.remove();
    if (files.length) onFiles(files);
  });
  input.addEventListener('cancel', () => input.remove());
  document.body.append(input);
  input.click();
}
