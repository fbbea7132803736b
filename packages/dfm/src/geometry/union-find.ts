// Disjoint sets: which features touch, directly or through others, form one copper shape.

export class UnionFind {
  private readonly parent: Int32Array;

  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }

  find(item: number): number {
    let root = item;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    while (this.parent[item] !== root) {
      const next = this.parent[item] as number;
      this.parent[item] = root;
      item = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA !== rootB) this.parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  }
}
