import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';

/** The current value of a BehaviorSubject as React state. */
export function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const sub = subject.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => subject.getValue(),
    () => subject.getValue(),
  );
}

/** The latest value of any observable (`initial` until it emits). */
export function useObservable<T>(source: Observable<T> | null | undefined, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!source) return;
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}
