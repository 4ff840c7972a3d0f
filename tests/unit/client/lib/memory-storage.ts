/** Test helper: a Web Storage (`localStorage`-like) kept in memory, `getItem` → `null` when absent. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  /** Every key, for assertions. */
  keys(): string[] {
    return [...this.items.keys()];
  }

  [name: string]: unknown;
}
