import Synchronization

extension VASTModelBuilder {
    /// The builder's working arrays (element stack, sibling counts, leaf text, attributes, name
    /// caches, the extensions' XML writer), kept between parses in a small pool: a parse takes a
    /// set, empty but with its capacity, and gives it back when it ends, so that a small document
    /// does not allocate and free them (eleven allocations, a fifth of a small document's objects)
    /// every time.
    ///
    /// The name caches stay filled with the set: they belong to the libxml2 context whose serial
    /// ``cachedContext`` holds, and a parse on that context again (the same thread's kept context,
    /// whose dictionary keeps every name at its address) skips the lookups of names it has seen;
    /// a parse on any other context empties them first (``VASTModelBuilder/useNames(of:)``).
    ///
    /// Thread safety: the pool is a `Mutex`; a set belongs to one parse from ``take()`` to
    /// ``giveBack(_:)``, so parses on any number of threads never share one. Memory stays bounded:
    /// the pool keeps at most ``poolCapacity`` sets, a set grown past ``keptBytes`` by a large
    /// document is freed instead of kept, and caches that overflowed their tables are emptied.
    struct Scratch: @unchecked Sendable {
        // @unchecked: only the name caches' keys are not Sendable, interned-name addresses that are
        // compared and never dereferenced (those of a freed dictionary are never looked up again:
        // its context's serial is never reused).
        var frames: [Frame]
        var siblingCounts: [(key: Int, count: Int)]
        var text: [UInt8]
        var attrs: [AttributeSlot]
        var attrValues: [UInt8]
        var elementCache: PointerCache<VASTElement?>
        var attributeCache: PointerCache<String>
        var cachedContext: UInt = 0
        var raw: RawXMLWriter

        /// A new set, with room for what a typical document needs.
        init() {
            frames = []
            frames.reserveCapacity(16)
            siblingCounts = []
            siblingCounts.reserveCapacity(32)
            text = []
            text.reserveCapacity(512)
            attrs = []
            attrs.reserveCapacity(16)
            attrValues = [UInt8](repeating: 0, count: 256)
            elementCache = PointerCache()
            attributeCache = PointerCache()
            raw = RawXMLWriter(reservingCapacity: 1024)
        }

        /// A set of empty arrays that hold no memory, to swap the builder's out with.
        static var empty: Scratch { Scratch(emptyArrays: ()) }

        private init(emptyArrays: Void) {
            frames = []
            siblingCounts = []
            text = []
            attrs = []
            attrValues = []
            elementCache = PointerCache()
            attributeCache = PointerCache()
            raw = RawXMLWriter()
        }

        /// The most sets the pool keeps (about as many as threads that parse at once).
        static var poolCapacity: Int { 8 }
        /// A set larger than this (its arrays' capacities, in bytes) is freed, not kept.
        static var keptBytes: Int { 64 << 10 }

        private static let pool = Mutex<[Scratch]>([])

        /// A set from the pool, or a new one when the pool is empty.
        static func take() -> Scratch {
            pool.withLock { $0.popLast() } ?? Scratch()
        }

        /// Empties `scratch` (keeping its capacity) and puts it back in the pool, unless it has
        /// grown large or the pool is full.
        static func giveBack(_ scratch: consuming Scratch) {
            var scratch = scratch
            guard scratch.bytes <= keptBytes else { return }
            scratch.frames.removeAll(keepingCapacity: true)
            scratch.siblingCounts.removeAll(keepingCapacity: true)
            scratch.text.removeAll(keepingCapacity: true)
            scratch.attrs.removeAll(keepingCapacity: true)
            scratch.raw.reset()
            if scratch.elementCache.overflowed || scratch.attributeCache.overflowed {
                scratch.elementCache.removeAll()
                scratch.attributeCache.removeAll()
                scratch.cachedContext = 0
            }
            pool.withLock { sets in
                if sets.count < poolCapacity { sets.append(scratch) }
            }
        }

        /// About how many bytes the arrays hold room for.
        private var bytes: Int {
            frames.capacity * MemoryLayout<Frame>.stride
                + siblingCounts.capacity * MemoryLayout<(key: Int, count: Int)>.stride + text.capacity
                + attrs.capacity * MemoryLayout<AttributeSlot>.stride + attrValues.count + raw.capacity
        }
    }

    /// Moves the working arrays out (leaving empty ones) for ``Scratch/giveBack(_:)``.
    mutating func takeScratch() -> Scratch {
        var scratch = Scratch.empty
        swap(&scratch.frames, &frames)
        swap(&scratch.siblingCounts, &siblingCounts)
        swap(&scratch.text, &text)
        swap(&scratch.attrs, &attrs)
        swap(&scratch.attrValues, &attrValues)
        swap(&scratch.elementCache, &elementCache)
        swap(&scratch.attributeCache, &attributeCache)
        swap(&scratch.raw, &raw)
        scratch.cachedContext = cachedContext
        return scratch
    }
}
