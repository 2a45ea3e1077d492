// Test helper: a Web Storage stand-in (getItem and setItem over a Map), for the settings kept in
// localStorage or sessionStorage.
export function memoryStorage(): {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
} {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}
