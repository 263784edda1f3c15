// The render cache's disk budget: every kept render and its size, least recently used first, so adding
// one past the budget names the renders to delete to get back under it. It only counts; the files are
// the render cache's to write and delete.

export class RenderCacheIndex {
  /** File → bytes; Map order is use order (a use moves a file to the end). */
  private readonly entries = new Map<string, number>()
  private total = 0

  constructor(readonly budgetBytes: number) {}

  get bytes(): number {
    return this.total
  }

  /** Whether a render of `size` bytes may be kept at all (one larger than the budget is not). */
  fits(size: number): boolean {
    return size <= this.budgetBytes
  }

  /** Marks `file` as used just now. */
  touch(file: string): void {
    const size = this.entries.get(file)
    if (size === undefined) return
    this.entries.delete(file)
    this.entries.set(file, size)
  }

  /** Counts a kept render; returns the least recently used others to delete to stay within budget. */
  add(file: string, size: number): string[] {
    this.remove(file)
    this.entries.set(file, size)
    this.total += size
    const evicted: string[] = []
    for (const [oldest, oldSize] of this.entries) {
      if (this.total <= this.budgetBytes) break
      if (oldest === file) continue
      this.entries.delete(oldest)
      this.total -= oldSize
      evicted.push(oldest)
    }
    return evicted
  }

  remove(file: string): void {
    const size = this.entries.get(file)
    if (size === undefined) return
    this.entries.delete(file)
    this.total -= size
  }

  /** Stops counting every render under `dir` (an object's or a bucket's folder). */
  removeUnder(dir: string, separator: string): void {
    const prefix = dir.endsWith(separator) ? dir : dir + separator
    for (const file of [...this.entries.keys()]) if (file.startsWith(prefix)) this.remove(file)
  }
}
