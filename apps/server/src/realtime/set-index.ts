/**
 * key → set of members, dropping a key when its set empties, so an index of rooms or users does
 * not keep one empty set per room that ever existed (battle rooms come and go all day).
 */
export class SetIndex<K, V> {
  readonly #sets = new Map<K, Set<V>>();

  add(key: K, member: V): void {
    let set = this.#sets.get(key);
    if (!set) {
      set = new Set();
      this.#sets.set(key, set);
    }
    set.add(member);
  }

  delete(key: K, member: V): void {
    const set = this.#sets.get(key);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.#sets.delete(key);
  }

  /** The live set (do not mutate); deleting members while iterating it is safe. */
  get(key: K): ReadonlySet<V> | undefined {
    return this.#sets.get(key);
  }

  get keyCount(): number {
    return this.#sets.size;
  }
}
