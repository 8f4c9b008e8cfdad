//! A minimal external store for React's `useSyncExternalStore`: an immutable value replaced on
//! every change, and a set of listeners.

export class Store<T> {
  private listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of [...this.listeners]) listener();
  }

  update(patch: Partial<T>): void {
    this.set({ ...this.value, ...patch });
  }
}
