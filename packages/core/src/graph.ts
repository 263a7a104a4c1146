// Path search over small game graphs (track networks, link graphs), shared by every game that
// delivers along routes. Nodes are integers; edges carry whatever the game needs (a link id, an owner).

/**
 * One way out of a node: the node reached and the game's edge data.
 *
 * @example
 * ```ts
 * import { bfsDistances, type GraphStep } from "@rules/core";
 *
 * const links: GraphStep<string>[][] = [[{ to: 1, edge: "road" }], [{ to: 0, edge: "road" }]];
 * console.log(bfsDistances(0, (n) => (links[n] ?? []).map((s) => s.to))); // Map { 0 => 0, 1 => 1 }
 * ```
 */
export interface GraphStep<E> {
  to: number;
  edge: E;
}

/**
 * A route found by {@link forEachSimplePath}: `nodes[0]` is the start, `edges[i]` joins `nodes[i]` to `nodes[i + 1]`.
 *
 * @example
 * ```ts
 * import { forEachSimplePath, type GraphPath } from "@rules/core";
 *
 * const kept: GraphPath<number>[] = [];
 * forEachSimplePath(0, (n) => (n < 2 ? [{ to: n + 1, edge: n }] : []), 5, (p) => {
 *   kept.push({ nodes: [...p.nodes], edges: [...p.edges] }); // copy: the path object is reused
 * });
 * console.log(kept.map((p) => p.nodes)); // [[0, 1], [0, 1, 2]]
 * ```
 */
export interface GraphPath<E> {
  readonly nodes: readonly number[];
  readonly edges: readonly E[];
}

/**
 * Visit every simple path (no node twice) that leaves `start` along 1..`maxEdges` edges, depth
 * first, in the order `steps` lists the edges. `visit` sees each path once; returning `false` stops
 * the search from extending that path (e.g. a good stops at the first city of its colour). The path
 * object is reused between calls: copy what you keep.
 *
 * @example
 * ```ts
 * import { forEachSimplePath, type GraphStep } from "@rules/core";
 *
 * // A triangle 0-1-2: every route from 0 of at most 2 edges.
 * const links: GraphStep<string>[][] = [
 *   [{ to: 1, edge: "a" }, { to: 2, edge: "c" }],
 *   [{ to: 0, edge: "a" }, { to: 2, edge: "b" }],
 *   [{ to: 1, edge: "b" }, { to: 0, edge: "c" }],
 * ];
 * const routes: string[] = [];
 * forEachSimplePath(0, (n) => links[n] ?? [], 2, (path) => {
 *   routes.push(path.edges.join(""));
 * });
 * console.log(routes); // ["a", "ab", "c", "cb"]
 * ```
 */
export function forEachSimplePath<E>(
  start: number,
  steps: (node: number) => ReadonlyArray<GraphStep<E>>,
  maxEdges: number,
  visit: (path: GraphPath<E>) => boolean | void,
): void {
  const nodes: number[] = [start];
  const edges: E[] = [];
  const onPath = new Set<number>([start]);
  const path: GraphPath<E> = { nodes, edges };
  const walk = (node: number): void => {
    if (edges.length >= maxEdges) return;
    for (const s of steps(node)) {
      if (onPath.has(s.to)) continue;
      nodes.push(s.to);
      edges.push(s.edge);
      onPath.add(s.to);
      if (visit(path) !== false) walk(s.to);
      onPath.delete(s.to);
      nodes.pop();
      edges.pop();
    }
  };
  walk(start);
}

/**
 * Breadth-first distances (in edges) from `start` to every node reachable through `neighbors`;
 * nodes not reached are absent. `neighbors` returns node ids.
 *
 * @example
 * ```ts
 * import { bfsDistances } from "@rules/core";
 *
 * const adjacent = [[1], [0, 2], [1], []];
 * console.log(bfsDistances(0, (n) => adjacent[n] ?? [])); // Map { 0 => 0, 1 => 1, 2 => 2 }
 * ```
 */
export function bfsDistances(start: number, neighbors: (node: number) => Iterable<number>): Map<number, number> {
  const dist = new Map<number, number>([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i]!;
    const d = dist.get(n)! + 1;
    for (const m of neighbors(n)) {
      if (dist.has(m)) continue;
      dist.set(m, d);
      queue.push(m);
    }
  }
  return dist;
}

/**
 * The connected components of nodes `0..count-1` under `neighbors`: `component[i]` is a label, the smallest node of its part.
 *
 * @example
 * ```ts
 * import { connectedComponents } from "@rules/core";
 *
 * const adjacent = [[1], [0, 2], [1], []];
 * console.log(connectedComponents(4, (n) => adjacent[n] ?? [])); // [0, 0, 0, 3]
 * ```
 */
export function connectedComponents(count: number, neighbors: (node: number) => Iterable<number>): number[] {
  const label = new Array<number>(count).fill(-1);
  for (let s = 0; s < count; s++) {
    if (label[s] !== -1) continue;
    for (const n of bfsDistances(s, neighbors).keys()) label[n] = s;
  }
  return label;
}
