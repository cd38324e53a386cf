/// Builds a new list's `BlockTree` from its elements (sections and rows) as they are written in
/// key order: level-0 blocks are written as they fill, the levels above, which are small, at the
/// end.
struct BlockTreeBuilder {
  private typealias Node = (firstKey: [UInt8], counts: BlockTree.Counts)

  private let tree: BlockTree
  /// The nodes, inserted a batch at a time.
  private let nodes: BufferedInsert
  private var block: Node = ([], .zero)
  /// The level-1 nodes: closed ones, and the last, open one with its number of blocks.
  private var parents: [Node] = []
  private var openParentBlocks = 0
  private var blockCount = 0

  init(tree: BlockTree) throws(CatalogError) {
    self.tree = tree
    nodes = try BufferedInsert(
      connection: tree.connection, into: "row_blocks",
      columns: ["grouping_id", "level", "first_key", "row_count", "section_count"])
  }

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
    defer { tree.forgetCachedNodes() }
    guard blockCount > tree.shape.maximumChildren else { return try nodes.flush() }
    var level = 1
    var levelNodes = parents
    while true {
      for node in levelNodes { try insert(node, level: level) }
      guard levelNodes.count > tree.shape.maximumChildren else { return try nodes.flush() }
      levelNodes = stride(from: 0, to: levelNodes.count, by: tree.shape.bulkChildren).map {
        start in
        let children = levelNodes[start..<min(start + tree.shape.bulkChildren, levelNodes.count)]
        return (children.first!.firstKey, children.reduce(.zero) { $0 + $1.counts })
      }
      level += 1
    }
  }

  private func insert(_ node: Node, level: Int) throws(CatalogError) {
    try nodes.append(
      .integer(tree.listID), .integer(level), .blob(node.firstKey),
      .integer(node.counts.rows), .integer(node.counts.sections))
  }

  private mutating func closeBlock() throws(CatalogError) {
    try insert(block, level: 0)
    blockCount += 1
    if parents.isEmpty || openParentBlocks == tree.shape.bulkChildren {
      parents.append((block.firstKey, .zero))
      openParentBlocks = 0
    }
    parents[parents.count - 1].counts = parents[parents.count - 1].counts + block.counts
    openParentBlocks += 1
  }
}
