/// Builds a new list's `BlockTree` from its elements (sections and rows) as they are written in
/// key order: level-0 blocks are written as they fill, the levels above, which are small, at the
/// end.
struct BlockTreeBuilder {
  private typealias Node = (firstKey: [UInt8], counts: BlockTree.Counts)

  private let tree: BlockTree
  private var block: Node = ([], .zero)
  /// The level-1 nodes: closed ones, and the last, open one with its number of blocks.
  private var parents: [Node] = []
  private var openParentBlocks = 0
  private var blockCount = 0

  init(tree: BlockTree) { self.tree = tree }

  /// Counts the next element in key order.
  mutating func add(key: UnsafeRawBufferPointer, isSection: Bool) throws(CatalogError) {
    if block.counts.total == tree.shape.bulkBlockSize {
      try closeBlock()
      block = (Array(key), .zero)
    }
    block.counts = block.counts + (isSection ? .oneSection : .oneRow)
  }

  /// Writes the last block and the levels above level 0.
  mutating func finish() throws(CatalogError) {
    try closeBlock()
    guard blockCount > tree.shape.maximumChildren else { return }
    var level = 1
    var nodes = parents
    while true {
      for node in nodes {
        try tree.insertNode(level: level, firstKey: node.firstKey, counts: node.counts)
      }
      guard nodes.count > tree.shape.maximumChildren else { return }
      nodes = stride(from: 0, to: nodes.count, by: tree.shape.bulkChildren).map { start in
        let children = nodes[start..<min(start + tree.shape.bulkChildren, nodes.count)]
        return (children.first!.firstKey, children.reduce(.zero) { $0 + $1.counts })
      }
      level += 1
    }
  }

  private mutating func closeBlock() throws(CatalogError) {
    try tree.insertNode(level: 0, firstKey: block.firstKey, counts: block.counts)
    blockCount += 1
    if parents.isEmpty || openParentBlocks == tree.shape.bulkChildren {
      parents.append((block.firstKey, .zero))
      openParentBlocks = 0
    }
    parents[parents.count - 1].counts = parents[parents.count - 1].counts + block.counts
    openParentBlocks += 1
  }
}
