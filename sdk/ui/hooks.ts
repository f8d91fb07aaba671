/** The board uses the same observable hooks as the panel (ui/hooks.ts). */
export { useObservable, useSubject } from '../../ui/hooks';
