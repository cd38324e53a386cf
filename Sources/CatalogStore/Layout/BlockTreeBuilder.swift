/// Cuts a new list's elements (sections and rows), arriving in key order, into the nodes of its
/// `BlockTree`: level-0 blocks as they fill, the levels above, which are small, at the end. It
/// holds no connection, so that the thread that merges a list's rows counts them while another
/// writes them (`ListSort`, `ListBulkWriter`).
struct BlockTreeBuilder {
  /// A node to store in `row_blocks`.
  struct Node: Sendable {
    let level: Int
    let firstKey: [UInt8]
    let counts: BlockTree.Counts
  }

  private let shape: BlockTree.Shape
  private var block: (firstKey: [UInt8], counts: BlockTree.Counts) = ([], .zero)
  /// The level-1 nodes: closed ones, and the last, open one with its number of blocks.
  private var parents: [Node] = []
  private var openParentBlocks = 0
  private var blockCount = 0

  init(shape: BlockTree.Shape = .standard) {
    self.shape = shape
  }

  /// Counts the next element in key order; returns the level-0 block this closed, if any.
  mutating func add(key: UnsafeRawBufferPointer, isSection: Bool) -> Node? {
    var closed: Node?
    if block.counts.total == shape.bulkBlockSize {
      closed = closeBlock()
      block = (Array(key), .zero)
    }
    block.counts = block.counts + (isSection ? .oneSection : .oneRow)
    return closed
  }

  /// The last block and the levels above level 0, after the last element.
  mutating func finish() -> [Node] {
    var nodes = [closeBlock()]
    guard blockCount > shape.maximumChildren else { return nodes }
    var level = 1
    var levelNodes = parents
    while true {
      nodes += levelNodes.map { Node(level: level, firstKey: $0.firstKey, counts: $0.counts) }
      guard levelNodes.count > shape.maximumChildren else { return nodes }
      levelNodes = stride(from: 0, to: levelNodes.count, by: shape.bulkChildren).map { start in
        let children = levelNodes[start..<min(start + shape.bulkChildren, levelNodes.count)]
        return Node(
          level: level + 1, firstKey: children.first!.firstKey,
          counts: children.reduce(.zero) { $0 + $1.counts })
      }
      level += 1
    }
  }

  private mutating func closeBlock() -> Node {
    blockCount += 1
    if parents.isEmpty || openParentBlocks == shape.bulkChildren {
      parents.append(Node(level: 1, firstKey: block.firstKey, counts: .zero))
      openParentBlocks = 0
    }
    let last = parents[parents.count - 1]
    parents[parents.count - 1] = Node(
      level: 1, firstKey: last.firstKey, counts: last.counts + block.counts)
    openParentBlocks += 1
    return Node(level: 0, firstKey: block.firstKey, counts: block.counts)
  }
}
