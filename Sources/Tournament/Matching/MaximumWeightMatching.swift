/// A maximum-weight matching of a general graph (Edmonds' blossom algorithm, in O(n³)): the pairs of
/// players whose weights add up to the most.
///
/// The graph has `vertices` vertices and an edge wherever a weight was set above zero; the weights are
/// ``WideWeight``s, so the arithmetic is exact. The algorithm is the primal-dual method as Galil
/// describes it ("Efficient algorithms for finding maximum matching in graphs", 1986) and Van Rantwijk's
/// well-known implementation organises it: vertex duals start at the largest weight, edges become tight
/// at zero slack, blossoms shrink and expand, and every step moves the duals by the smallest of four deltas.
public struct MaximumWeightMatching: Sendable {
    /// The number of vertices.
    public let vertices: Int
    private var weights: [WideWeight]
    private let zero: WideWeight

    /// A graph without edges.
    /// - Parameters:
    ///   - vertices: how many vertices.
    ///   - zero: a zero as wide as every weight to come.
    public init(vertices: Int, zero: WideWeight) {
        self.vertices = vertices
        self.zero = zero
        self.weights = Array(repeating: zero, count: vertices * vertices)
    }

    /// The weight of the edge between two vertices; zero when there is none.
    public subscript(i: Int, j: Int) -> WideWeight {
        get { self.weights[i * self.vertices + j] }
        set {
            self.weights[i * self.vertices + j] = newValue
            self.weights[j * self.vertices + i] = newValue
        }
    }

    /// Computes a matching of the largest total weight.
    /// - Returns: for each vertex, the vertex it is matched with, or itself when it is left unmatched.
    public func matching() -> [Int] {
        var edges: [(Int, Int, WideWeight)] = []
        for i in 0..<self.vertices {
            for j in (i + 1)..<max(i + 1, self.vertices) where !self[i, j].isZero {
                edges.append((i, j, self[i, j]))
            }
        }
        let solver = BlossomSolver(vertices: self.vertices, edges: edges, zero: self.zero)
        let mate = solver.solve()
        return mate.enumerated().map { $0.element < 0 ? $0.offset : $0.element }
    }
}

/// The state of one run of the blossom algorithm.
///
/// NB: a class only for the convenience of its many mutually recursive steps; it lives for one call of
/// ``MaximumWeightMatching/matching()`` and is never shared.
private final class BlossomSolver {
    let n: Int
    let edges: [(Int, Int, WideWeight)]
    let zero: WideWeight
    /// endpoint[p]: the vertex at end p of edge p / 2.
    var endpoint: [Int]
    /// The ends of the edges at each vertex, pointing away from it.
    var neighbourEnds: [[Int]]
    var mate: [Int]
    var label: [Int]
    var labelEnd: [Int]
    var inBlossom: [Int]
    var blossomParent: [Int]
    var blossomChildren: [[Int]]
    var blossomBase: [Int]
    var blossomEnds: [[Int]]
    var bestEdge: [Int]
    var blossomBestEdges: [[Int]?]
    var unusedBlossoms: [Int]
    var dual: [WideWeight]
    var allowEdge: [Bool]
    var queue: [Int] = []

    init(vertices: Int, edges: [(Int, Int, WideWeight)], zero: WideWeight) {
        self.n = vertices
        self.edges = edges
        self.zero = zero
        self.endpoint = (0..<(2 * edges.count)).map { p in p % 2 == 0 ? edges[p / 2].0 : edges[p / 2].1 }
        self.neighbourEnds = Array(repeating: [], count: vertices)
        for (k, edge) in edges.enumerated() {
            self.neighbourEnds[edge.0].append(2 * k + 1)
            self.neighbourEnds[edge.1].append(2 * k)
        }
        let maxWeight = edges.map(\.2).max() ?? zero
        self.mate = Array(repeating: -1, count: vertices)
        self.label = Array(repeating: 0, count: 2 * vertices)
        self.labelEnd = Array(repeating: -1, count: 2 * vertices)
        self.inBlossom = Array(0..<vertices)
        self.blossomParent = Array(repeating: -1, count: 2 * vertices)
        self.blossomChildren = Array(repeating: [], count: 2 * vertices)
        self.blossomBase = Array(0..<vertices) + Array(repeating: -1, count: vertices)
        self.blossomEnds = Array(repeating: [], count: 2 * vertices)
        self.bestEdge = Array(repeating: -1, count: 2 * vertices)
        self.blossomBestEdges = Array(repeating: nil, count: 2 * vertices)
        self.unusedBlossoms = Array(vertices..<(2 * vertices))
        self.dual = Array(repeating: maxWeight, count: vertices) + Array(repeating: zero, count: vertices)
        self.allowEdge = Array(repeating: false, count: edges.count)
    }

    /// u(i) + u(j) - 2 w(i, j): zero when the edge is tight.
    func slack(_ k: Int) -> WideWeight {
        let (i, j, weight) = self.edges[k]
        return self.dual[i] + self.dual[j] - weight - weight
    }

    func leaves(_ b: Int) -> [Int] {
        guard b >= self.n else { return [b] }
        var result: [Int] = []
        var stack = [b]
        while let top = stack.popLast() {
            if top < self.n {
                result.append(top)
            } else {
                stack.append(contentsOf: self.blossomChildren[top].reversed())
            }
        }
        return result
    }

    func assignLabel(_ w: Int, _ t: Int, _ p: Int) {
        let b = self.inBlossom[w]
        precondition(self.label[w] == 0 && self.label[b] == 0, "vertex \(w) labelled twice")
        self.label[w] = t
        self.label[b] = t
        self.labelEnd[w] = p
        self.labelEnd[b] = p
        self.bestEdge[w] = -1
        self.bestEdge[b] = -1
        if t == 1 {
            self.queue.append(contentsOf: self.leaves(b))
        } else if t == 2 {
            let base = self.blossomBase[b]
            precondition(self.mate[base] >= 0, "a T-blossom's base is unmatched")
            self.assignLabel(self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1)
        }
    }

    /// Traces back from v and w to find a new blossom's base, or -1 for an augmenting path.
    func scanBlossom(_ vertexV: Int, _ vertexW: Int) -> Int {
        var (v, w) = (vertexV, vertexW)
        var path: [Int] = []
        var base = -1
        while v != -1 || w != -1 {
            var b = self.inBlossom[v]
            if self.label[b] & 4 != 0 {
                base = self.blossomBase[b]
                break
            }
            path.append(b)
            self.label[b] = 5
            if self.labelEnd[b] == -1 {
                v = -1
            } else {
                v = self.endpoint[self.labelEnd[b]]
                b = self.inBlossom[v]
                v = self.endpoint[self.labelEnd[b]]
            }
            if w != -1 { swap(&v, &w) }
        }
        for b in path { self.label[b] = 1 }
        return base
    }

    func addBlossom(_ base: Int, _ k: Int) {
        var (v, w, _) = self.edges[k]
        let bb = self.inBlossom[base]
        var bv = self.inBlossom[v]
        var bw = self.inBlossom[w]
        let b = self.unusedBlossoms.removeLast()
        self.blossomBase[b] = base
        self.blossomParent[b] = -1
        self.blossomParent[bb] = b
        var path: [Int] = []
        var ends: [Int] = []
        while bv != bb {
            self.blossomParent[bv] = b
            path.append(bv)
            ends.append(self.labelEnd[bv])
            v = self.endpoint[self.labelEnd[bv]]
            bv = self.inBlossom[v]
        }
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb {
            self.blossomParent[bw] = b
            path.append(bw)
            ends.append(self.labelEnd[bw] ^ 1)
            w = self.endpoint[self.labelEnd[bw]]
            bw = self.inBlossom[w]
        }
        self.blossomChildren[b] = path
        self.blossomEnds[b] = ends
        self.label[b] = 1
        self.labelEnd[b] = self.labelEnd[bb]
        self.dual[b] = self.zero
        for leaf in self.leaves(b) {
            if self.label[self.inBlossom[leaf]] == 2 { self.queue.append(leaf) }
            self.inBlossom[leaf] = b
        }
        var bestEdgeTo = Array(repeating: -1, count: 2 * self.n)
        for child in path {
            let lists: [[Int]]
            if let best = self.blossomBestEdges[child] {
                lists = [best]
            } else {
                lists = self.leaves(child).map { leaf in self.neighbourEnds[leaf].map { $0 / 2 } }
            }
            for list in lists {
                for edge in list {
                    var (i, j, _) = self.edges[edge]
                    if self.inBlossom[j] == b { swap(&i, &j) }
                    let bj = self.inBlossom[j]
                    if bj != b, self.label[bj] == 1,
                        bestEdgeTo[bj] == -1 || self.slack(edge) < self.slack(bestEdgeTo[bj])
                    {
                        bestEdgeTo[bj] = edge
                    }
                }
            }
            self.blossomBestEdges[child] = nil
            self.bestEdge[child] = -1
        }
        let best = bestEdgeTo.filter { $0 != -1 }
        self.blossomBestEdges[b] = best
        self.bestEdge[b] = -1
        for edge in best where self.bestEdge[b] == -1 || self.slack(edge) < self.slack(self.bestEdge[b]) {
            self.bestEdge[b] = edge
        }
    }

    func expandBlossom(_ b: Int, endStage: Bool) {
        for s in self.blossomChildren[b] {
            self.blossomParent[s] = -1
            if s < self.n {
                self.inBlossom[s] = s
            } else if endStage, self.dual[s].isZero {
                self.expandBlossom(s, endStage: endStage)
            } else {
                for leaf in self.leaves(s) { self.inBlossom[leaf] = s }
            }
        }
        if !endStage, self.label[b] == 2 {
            let entryChild = self.inBlossom[self.endpoint[self.labelEnd[b] ^ 1]]
            let children = self.blossomChildren[b]
            var j = children.firstIndex(of: entryChild)!
            let jStep: Int
            let endTrick: Int
            if j & 1 != 0 {
                j -= children.count
                jStep = 1
                endTrick = 0
            } else {
                jStep = -1
                endTrick = 1
            }
            var p = self.labelEnd[b]
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[self.blossomEnds[b][self.wrap(j - endTrick, b)] ^ endTrick ^ 1]] = 0
                self.assignLabel(self.endpoint[p ^ 1], 2, p)
                self.allowEdge[self.blossomEnds[b][self.wrap(j - endTrick, b)] / 2] = true
                j += jStep
                p = self.blossomEnds[b][self.wrap(j - endTrick, b)] ^ endTrick
                self.allowEdge[p / 2] = true
                j += jStep
            }
            let bv = children[self.wrap(j, b)]
            self.label[self.endpoint[p ^ 1]] = 2
            self.label[bv] = 2
            self.labelEnd[self.endpoint[p ^ 1]] = p
            self.labelEnd[bv] = p
            self.bestEdge[bv] = -1
            j += jStep
            while children[self.wrap(j, b)] != entryChild {
                let child = children[self.wrap(j, b)]
                if self.label[child] == 1 {
                    j += jStep
                    continue
                }
                if let leaf = self.leaves(child).first(where: { self.label[$0] != 0 }) {
                    self.label[leaf] = 0
                    self.label[self.endpoint[self.mate[self.blossomBase[child]]]] = 0
                    self.assignLabel(leaf, 2, self.labelEnd[leaf])
                }
                j += jStep
            }
        }
        self.label[b] = -1
        self.labelEnd[b] = -1
        self.blossomChildren[b] = []
        self.blossomEnds[b] = []
        self.blossomBase[b] = -1
        self.blossomBestEdges[b] = nil
        self.bestEdge[b] = -1
        self.unusedBlossoms.append(b)
    }

    /// A child index that may be negative (counted from the end), as Python's lists allow.
    func wrap(_ index: Int, _ b: Int) -> Int {
        index < 0 ? index + self.blossomChildren[b].count : index
    }

    func augmentBlossom(_ b: Int, _ v: Int) {
        var t = v
        while self.blossomParent[t] != b { t = self.blossomParent[t] }
        if t >= self.n { self.augmentBlossom(t, v) }
        let count = self.blossomChildren[b].count
        let i = self.blossomChildren[b].firstIndex(of: t)!
        var j = i
        let jStep: Int
        let endTrick: Int
        if i & 1 != 0 {
            j -= count
            jStep = 1
            endTrick = 0
        } else {
            jStep = -1
            endTrick = 1
        }
        while j != 0 {
            j += jStep
            t = self.blossomChildren[b][self.wrap(j, b)]
            let p = self.blossomEnds[b][self.wrap(j - endTrick, b)] ^ endTrick
            if t >= self.n { self.augmentBlossom(t, self.endpoint[p]) }
            j += jStep
            t = self.blossomChildren[b][self.wrap(j, b)]
            if t >= self.n { self.augmentBlossom(t, self.endpoint[p ^ 1]) }
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        }
        self.blossomChildren[b] = Array(self.blossomChildren[b][i...] + self.blossomChildren[b][..<i])
        self.blossomEnds[b] = Array(self.blossomEnds[b][i...] + self.blossomEnds[b][..<i])
        self.blossomBase[b] = self.blossomBase[self.blossomChildren[b][0]]
    }

    func augmentMatching(_ k: Int) {
        let (v, w, _) = self.edges[k]
        for (start, firstEnd) in [(v, 2 * k + 1), (w, 2 * k)] {
            var s = start
            var p = firstEnd
            while true {
                let bs = self.inBlossom[s]
                if bs >= self.n { self.augmentBlossom(bs, s) }
                self.mate[s] = p
                if self.labelEnd[bs] == -1 { break }
                let t = self.endpoint[self.labelEnd[bs]]
                let bt = self.inBlossom[t]
                s = self.endpoint[self.labelEnd[bt]]
                let j = self.endpoint[self.labelEnd[bt] ^ 1]
                if bt >= self.n { self.augmentBlossom(bt, j) }
                self.mate[j] = self.labelEnd[bt]
                p = self.labelEnd[bt] ^ 1
            }
        }
    }

    func solve() -> [Int] {
        for _ in 0..<self.n {
            self.label = Array(repeating: 0, count: 2 * self.n)
            self.bestEdge = Array(repeating: -1, count: 2 * self.n)
            for b in self.n..<(2 * self.n) { self.blossomBestEdges[b] = nil }
            self.allowEdge = Array(repeating: false, count: self.edges.count)
            self.queue = []
            for v in 0..<self.n where self.mate[v] == -1 && self.label[self.inBlossom[v]] == 0 {
                self.assignLabel(v, 1, -1)
            }
            var augmented = false
            while true {
                augmented = self.grow()
                if augmented { break }
                if !self.adjustDuals() { break }
            }
            if !augmented { break }
            for b in self.n..<(2 * self.n)
            where self.blossomParent[b] == -1 && self.blossomBase[b] >= 0 && self.label[b] == 1
                && self.dual[b].isZero
            {
                self.expandBlossom(b, endStage: true)
            }
        }
        return (0..<self.n).map { v in self.mate[v] >= 0 ? self.endpoint[self.mate[v]] : -1 }
    }

    /// Grows the alternating trees along tight edges; returns whether the matching was augmented.
    func grow() -> Bool {
        while let v = self.queue.popLast() {
            for p in self.neighbourEnds[v] {
                let k = p / 2
                let w = self.endpoint[p]
                if self.inBlossom[v] == self.inBlossom[w] { continue }
                var kSlack = self.zero
                if !self.allowEdge[k] {
                    kSlack = self.slack(k)
                    if kSlack.isZero { self.allowEdge[k] = true }
                }
                if self.allowEdge[k] {
                    if self.label[self.inBlossom[w]] == 0 {
                        self.assignLabel(w, 2, p ^ 1)
                    } else if self.label[self.inBlossom[w]] == 1 {
                        let base = self.scanBlossom(v, w)
                        if base >= 0 {
                            self.addBlossom(base, k)
                        } else {
                            self.augmentMatching(k)
                            return true
                        }
                    } else if self.label[w] == 0 {
                        self.label[w] = 2
                        self.labelEnd[w] = p ^ 1
                    }
                } else if self.label[self.inBlossom[w]] == 1 {
                    let b = self.inBlossom[v]
                    if self.bestEdge[b] == -1 || kSlack < self.slack(self.bestEdge[b]) { self.bestEdge[b] = k }
                } else if self.label[w] == 0 {
                    if self.bestEdge[w] == -1 || kSlack < self.slack(self.bestEdge[w]) { self.bestEdge[w] = k }
                }
            }
        }
        return false
    }

    /// Moves the duals by the smallest delta; returns false when the optimum is reached (delta 1).
    func adjustDuals() -> Bool {
        // NB: a maximum-weight matching, not a maximum-cardinality one: delta 1 always takes part.
        var deltaType = 1
        var delta = self.dual[0..<self.n].min() ?? self.zero
        var deltaEdge = -1
        var deltaBlossom = -1
        for v in 0..<self.n where self.label[self.inBlossom[v]] == 0 && self.bestEdge[v] != -1 {
            let d = self.slack(self.bestEdge[v])
            if d < delta {
                delta = d
                deltaType = 2
                deltaEdge = self.bestEdge[v]
            }
        }
        for b in 0..<(2 * self.n) where self.blossomParent[b] == -1 && self.label[b] == 1 && self.bestEdge[b] != -1 {
            let kSlack = self.slack(self.bestEdge[b])
            precondition(kSlack.isEven, "an odd slack between two S-blossoms")
            let d = kSlack.halved
            if d < delta {
                delta = d
                deltaType = 3
                deltaEdge = self.bestEdge[b]
            }
        }
        for b in self.n..<(2 * self.n)
        where self.blossomBase[b] >= 0 && self.blossomParent[b] == -1 && self.label[b] == 2 && self.dual[b] < delta {
            delta = self.dual[b]
            deltaType = 4
            deltaBlossom = b
        }
        for v in 0..<self.n {
            if self.label[self.inBlossom[v]] == 1 {
                self.dual[v] -= delta
            } else if self.label[self.inBlossom[v]] == 2 {
                self.dual[v] += delta
            }
        }
        for b in self.n..<(2 * self.n) where self.blossomBase[b] >= 0 && self.blossomParent[b] == -1 {
            if self.label[b] == 1 {
                self.dual[b] += delta
            } else if self.label[b] == 2 {
                self.dual[b] -= delta
            }
        }
        switch deltaType {
        case 1:
            return false
        case 2:
            self.allowEdge[deltaEdge] = true
            var (i, j, _) = self.edges[deltaEdge]
            if self.label[self.inBlossom[i]] == 0 { swap(&i, &j) }
            self.queue.append(i)
        case 3:
            self.allowEdge[deltaEdge] = true
            self.queue.append(self.edges[deltaEdge].0)
        default:
            self.expandBlossom(deltaBlossom, endStage: false)
        }
        return true
    }
}
