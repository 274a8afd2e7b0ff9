import AdResolution

/// Runs work over many items with a bounded number in flight, handing each result back to the
/// calling task as soon as it finishes (completion order), so that nothing but the results in
/// flight is held: the caller streams them out and keeps only what its summary needs. Items are
/// pulled from the iterator only when a job is free, so a long list is never held whole either.
enum BatchRunner {
    /// Runs `work` on each item, at most `jobs` at once; `consume(index, result)` is called in
    /// the calling task, one result at a time, in completion order (`index` is the item's position).
    static func run<Items: IteratorProtocol, Result: Sendable>(
        _ items: Items, jobs: Int, work: @escaping @Sendable (Items.Element) async -> Result,
        consume: (Int, Result) -> Void
    ) async where Items.Element: Sendable {
        var iterator = items
        guard let first = iterator.next() else { return }
        guard let second = iterator.next() else {
            // One item: run it in the calling task, on its executor (no child task, no thread).
            consume(0, await work(first))
            return
        }
        var pending = [first, second][...]
        var next = 0
        await withTaskGroup(of: (Int, Result).self) { group in
            func startNext() {
                guard let item = pending.popFirst() ?? iterator.next() else { return }
                let index = next
                next += 1
                // Side by side on the global executor, whatever executor the calling task prefers.
                group.addTask(executorPreference: globalConcurrentExecutor) { (index, await work(item)) }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            while let (index, result) = await group.next() {
                consume(index, result)
                startNext()
            }
        }
    }
}

/// The sources of a run in order: the command line's (expanded already), then each list's,
/// read as they are asked for. A name that cannot be used is an error in its place.
struct BatchSources: IteratorProtocol {
    private var front: IndexingIterator<[Result<VASTSource, SourceError>]>
    private var lists: ArraySlice<SourceList>
    private var current: SourceList.Iterator?

    init(commandLine: [Result<VASTSource, SourceError>], lists: [SourceList]) {
        front = commandLine.makeIterator()
        self.lists = lists[...]
    }

    mutating func next() -> Result<VASTSource, SourceError>? {
        if let source = front.next() { return source }
        while true {
            if let source = current?.next() { return source }
            guard let list = lists.popFirst() else { return nil }
            current = list.makeIterator()
        }
    }
}
